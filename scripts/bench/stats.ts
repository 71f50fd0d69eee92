export interface Summary {
  readonly requests: number;
  readonly perSecond: number;
  readonly p50: number;
  readonly p90: number;
  readonly p99: number;
  /** CPU time of the process that served the requests (every thread: libvips, inference), per request. */
  readonly cpuMsPerRequest: number;
}

/** CPU time spent by this process (all its threads) since `start`, in milliseconds. */
export const cpuMsSince = (start: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
};

export function summarize(latenciesMs: readonly number[], wallMs: number, cpuMs: number): Summary {
  const sorted = [...latenciesMs].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return {
    requests: sorted.length,
    perSecond: (sorted.length / wallMs) * 1000,
    p50: at(0.5),
    p90: at(0.9),
    p99: at(0.99),
    cpuMsPerRequest: cpuMs / Math.max(1, sorted.length),
  };
}
