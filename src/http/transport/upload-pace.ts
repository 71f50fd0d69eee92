import type { Socket } from 'node:net';

/** How fast a body must arrive, on average, once its grace is over. */
export interface UploadPace {
  /** Bytes a second, averaged from the start of the body. */
  readonly minBytesPerSecond: number;
  /** How long a body may take before its pace is judged: a connection's slow start, a phone waking its radio. */
  readonly graceMs: number;
}

/**
 * 16 KiB/s (128 kbit/s) after 10 s: a 4 MiB request arrives in about 4 min at that pace, slower
 * than any clinic's Wi-Fi or a phone on 3G, and a client that trickles bytes to hold an intake
 * slot or a connection is cut off after 10 s instead of the request timeout's 60. A guess from
 * what slow links give, not from measured clinics: lower it if real uploads are refused.
 */
export const DEFAULT_UPLOAD_PACE: UploadPace = { minBytesPerSecond: 16 * 1024, graceMs: 10_000 };

/**
 * Calls `tooSlow` once if the bytes arriving on `socket` (counted from now, at the socket, so
 * that watching takes nothing from the stream its reader consumes) fall below `pace` after its
 * grace. Returns the function that stops watching; it is stopped after `tooSlow` too.
 */
export function watchUploadPace(socket: Socket, pace: UploadPace, tooSlow: () => void): () => void {
  const startedAt = Date.now();
  const startBytes = socket.bytesRead;
  const check = () => {
    const seconds = (Date.now() - startedAt) / 1000;
    if (seconds * 1000 < pace.graceMs) return;
    if ((socket.bytesRead - startBytes) / seconds >= pace.minBytesPerSecond) return;
    stop();
    tooSlow();
  };
  const timer = setInterval(check, Math.max(50, Math.min(1000, pace.graceMs / 4)));
  timer.unref();
  const stop = () => clearInterval(timer);
  return stop;
}

/** What a client is told when its upload is cut off for its pace. */
export const tooSlowMessage = (pace: UploadPace) =>
  `The request body arrived slower than ${Math.round(pace.minBytesPerSecond / 1024)} KiB/s; send it again on a faster connection.`;
