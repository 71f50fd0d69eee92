import { readFileSync } from 'node:fs';

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

/** A file of /proc/PID: the bench reads the server's CPU and memory there, so it runs on Linux. */
function readProc(pid: number, file: string): string {
  try {
    return readFileSync(`/proc/${pid}/${file}`, 'utf8');
  } catch (error) {
    throw new Error(
      `npm run bench reads the server's CPU and memory from /proc, so it runs on Linux only: ${(error as Error).message}`,
    );
  }
}

/** Clock ticks per second of /proc's CPU times: 100 on every Linux this runs on (USER_HZ). */
const CLOCK_TICKS = 100;

/** CPU time another process has used since it started (all its threads), in milliseconds: /proc/PID/stat's utime + stime. */
export function processCpuMs(pid: number): number {
  // The fields after the command name, which is in parentheses and may hold spaces.
  const fields = readProc(pid, 'stat').split(') ').at(-1)!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}

/** Another process's resident memory now, in MiB: /proc/PID/status's VmRSS. */
export function processRssMiB(pid: number): number {
  return Number(/VmRSS:\s+(\d+)/.exec(readProc(pid, 'status'))?.[1] ?? 0) / 1024;
}

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
