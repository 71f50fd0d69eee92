import express, { type Express, type RequestHandler } from 'express';
import type { AccountStore } from '../accounts/account-store.js';
import { API_PREFIXES, OPERATION_CONTRACTS, OPERATION_KEYS } from '../contract/operation-contracts.js';
import { DEFAULT_INTAKE_LIMITS, type IntakeLimits } from '../image/decode-image.js';
import { silentLogger, type Logger } from '../logger.js';
import { Metrics } from '../metrics.js';
import type { Analyzer } from '../operations/analyzer.js';
import { VERSION } from '../version.js';
import { WorkQueue } from '../work-queue.js';
import { analysisRoute } from './analysis-route.js';
import { docsRouter } from './docs-page.js';
import { checkReadiness, type ReadinessReport } from './readiness.js';
import { errorHandler, methodNotAllowed, notFound } from './error-handler.js';
import { buildOpenApiDocument } from './openapi.js';
import { RateLimiter } from './rate-limiter.js';
import { requestId, requestIdOf } from './request-id.js';

export interface AppDeps {
  readonly store: AccountStore;
  readonly analyzer: Analyzer;
  readonly logger?: Logger;
  readonly now?: () => Date;
  readonly limits?: IntakeLimits;
  readonly maxConcurrency?: number;
  readonly maxQueue?: number;
  readonly rateLimitPerMinute?: number;
  /** Where /metrics counts; a fresh registry when not given. */
  readonly metrics?: Metrics;
  /** What /readyz reports; the key store alone when not given. */
  readonly readiness?: () => Promise<ReadinessReport>;
}

export interface App {
  readonly express: Express;
  readonly queue: WorkQueue;
}

/**
 * Assembles the HTTP service from its dependencies; nothing here reads the environment or opens
 * a file, so tests build it with an in-memory store and fakes.
 */
export function createApp(deps: AppDeps): App {
  const logger = deps.logger ?? silentLogger;
  const now = deps.now ?? (() => new Date());
  const queue = new WorkQueue(deps.maxConcurrency ?? 2, deps.maxQueue ?? 64);
  const metrics = deps.metrics ?? new Metrics();
  metrics.watchQueue(queue);
  const routeDeps = {
    store: deps.store,
    analyzer: deps.analyzer,
    queue,
    rateLimiter: new RateLimiter(deps.rateLimitPerMinute ?? 0, () => now().getTime()),
    limits: deps.limits ?? DEFAULT_INTAKE_LIMITS,
    metrics,
    now,
  };
  const openApi = buildOpenApiDocument(VERSION);

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use(requestId());
  app.use(accessLog(logger, metrics));

  const get = (path: string, handler: RequestHandler) => app.route(path).get(handler).all(methodNotAllowed(['GET', 'HEAD']));
  get('/', (_req, res) => {
    res.json({ name: 'pawlens', version: VERSION, docs: '/docs', openapi: '/openapi.json' });
  });
  get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  const readiness = deps.readiness ?? (() => checkReadiness({ store: deps.store }));
  get('/readyz', async (_req, res) => {
    const report = await readiness();
    res.status(report.status === 'not_ready' ? 503 : 200).json(report);
  });
  get('/metrics', async (_req, res) => {
    res.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
  get('/openapi.json', (_req, res) => {
    res.json(openApi);
  });
  app.use(docsRouter());

  for (const key of OPERATION_KEYS) {
    for (const prefix of API_PREFIXES) {
      app
        .route(`${prefix}/${OPERATION_CONTRACTS[key].path}`)
        .post(...analysisRoute(key, routeDeps))
        .all(methodNotAllowed(['POST']));
    }
  }

  app.use(notFound());
  app.use(errorHandler(logger));
  return { express: app, queue };
}

/**
 * One log line per request, with its id, never the body or the Authorization header; and, for
 * the operations, the request counter and latency histogram.
 */
function accessLog(logger: Logger, metrics: Metrics): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const operation = res.locals.operation as string | undefined;
      if (operation) {
        metrics.requests.inc({ operation, status: String(res.statusCode) });
        metrics.requestSeconds.observe({ operation }, Number(process.hrtime.bigint() - started) / 1e9);
      }
      const key = res.locals.key as { id: string } | undefined;
      logger.info(
        {
          requestId: requestIdOf(res),
          method: req.method,
          path: req.path.slice(0, 200),
          status: res.statusCode,
          ms: Number(process.hrtime.bigint() - started) / 1e6,
          keyId: key?.id,
        },
        'request',
      );
    });
    next();
  };
}
