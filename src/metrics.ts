import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

export type Stage = 'decode' | 'vision' | 'llm';

interface QueueGauges {
  readonly depth: { readonly name: string; readonly help: string };
  readonly active: { readonly name: string; readonly help: string };
}
export const ANALYSIS_QUEUE_GAUGES: QueueGauges = {
  depth: { name: 'pawlens_queue_depth', help: 'Requests waiting for a decode + inference slot.' },
  active: { name: 'pawlens_analyses_in_progress', help: 'Requests holding a decode + inference slot now.' },
};
export const LLM_QUEUE_GAUGES: QueueGauges = {
  depth: { name: 'pawlens_llm_queue_depth', help: 'Requests waiting for a language model call slot.' },
  active: { name: 'pawlens_llm_calls_in_progress', help: 'Language model calls running now.' },
};

/**
 * Everything /metrics reports, in one registry per app (so tests and several apps in one process
 * never share counters). Labels are bounded: operations, statuses, stages and LLM outcomes are
 * fixed sets, never request data.
 */
export class Metrics {
  readonly registry = new Registry();
  readonly requests = new Counter({
    name: 'pawlens_requests_total',
    help: 'Analysis requests answered, by operation and HTTP status.',
    labelNames: ['operation', 'status'] as const,
    registers: [this.registry],
  });
  readonly requestSeconds = new Histogram({
    name: 'pawlens_request_duration_seconds',
    help: 'Time from request to answer, by operation.',
    labelNames: ['operation'] as const,
    buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
    registers: [this.registry],
  });
  readonly stageSeconds = new Histogram({
    name: 'pawlens_stage_duration_seconds',
    help: 'Time spent in each stage of an analysis: decode, vision (ONNX models and rules), llm.',
    labelNames: ['stage'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
    registers: [this.registry],
  });
  readonly creditsCharged = new Counter({
    name: 'pawlens_credits_charged_total',
    help: 'Credits charged for successful analyses.',
    registers: [this.registry],
  });
  readonly llmOutcomes = new Counter({
    name: 'pawlens_llm_outcomes_total',
    help: 'How LLM calls ended: ok, repaired, reasked_ok, or the failure cause.',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  constructor(options: { defaultMetrics?: boolean } = {}) {
    if (options.defaultMetrics !== false) collectDefaultMetrics({ register: this.registry, prefix: 'pawlens_' });
  }

  /** A queue's depth and work in progress, read when scraped. */
  watchQueue(
    queue: { readonly depth: number; readonly active: number },
    gauges: QueueGauges = ANALYSIS_QUEUE_GAUGES,
  ): void {
    this.gaugeReading(gauges.depth.name, gauges.depth.help, () => queue.depth);
    this.gaugeReading(gauges.active.name, gauges.active.help, () => queue.active);
  }

  /** Every operation's latency series from the start, so a dashboard shows all of them before their first call. */
  watchOperations(operations: readonly string[]): void {
    for (const operation of operations) this.requestSeconds.zero({ operation });
  }

  /** The inference threads: how many are alive, and how many were replaced after dying. */
  watchInferencePool(pool: { readonly liveThreads: number; readonly restarts: number }): void {
    this.gaugeReading('pawlens_inference_threads', 'Inference worker threads alive.', () => pool.liveThreads);
    this.gaugeReading(
      'pawlens_inference_thread_restarts',
      'Inference worker threads replaced after dying, since the start.',
      () => pool.restarts,
    );
  }

  /** A shared database's connection pool (PostgreSQL): connections open, idle, the most allowed, and calls waiting for one. */
  watchDatabasePool(
    read: () => { readonly total: number; readonly idle: number; readonly waiting: number; readonly max: number },
  ): void {
    this.gaugeReading(
      'pawlens_db_pool_connections',
      'Database connections open (in use and idle).',
      () => read().total,
    );
    this.gaugeReading('pawlens_db_pool_idle', 'Database connections open and idle.', () => read().idle);
    this.gaugeReading(
      'pawlens_db_pool_max',
      'Database connections allowed at most (PAWLENS_DATABASE_POOL_SIZE).',
      () => read().max,
    );
    this.gaugeReading(
      'pawlens_db_pool_waiting',
      'Store calls waiting for a database connection.',
      () => read().waiting,
    );
  }

  /** A gauge whose value is read from `read` each time /metrics is scraped. */
  private gaugeReading(name: string, help: string, read: () => number): void {
    new Gauge({
      name,
      help,
      registers: [this.registry],
      collect() {
        this.set(read());
      },
    });
  }

  /** Times `work` as `stage`. */
  async time<T>(stage: Stage, work: () => Promise<T>): Promise<T> {
    const end = this.stageSeconds.startTimer({ stage });
    try {
      return await work();
    } finally {
      end();
    }
  }
}
