/**
 * Input tensors' buffers, used again instead of allocated per request. A detector's input is a
 * 2 MB float32 buffer; allocated for every photo, such buffers are what makes V8 run a full
 * mark-compact of the service's heap every few requests (external memory pressure), a cost the
 * answer does not need. A buffer moves to an inference thread with its run and comes back with the
 * answer (inference-worker.js returns its feeds); it is then kept here for the next input of the same size.
 */

/** Buffers kept per size: enough for every run in flight, not a cache that grows with the load. */
const KEPT_PER_SIZE = 8;
const kept = new Map<number, ArrayBuffer[]>();

/** A buffer of exactly `bytes` bytes, whatever it held before: a kept one when there is one. */
export function takeBuffer(bytes: number): ArrayBuffer {
  return kept.get(bytes)?.pop() ?? new ArrayBuffer(bytes);
}

/** A buffer no longer in use (an inference thread handed it back): kept for the next take, unless enough are. */
export function keepBuffer(buffer: ArrayBuffer): void {
  if (buffer.byteLength === 0) return; // detached: it moved on
  const list = kept.get(buffer.byteLength) ?? [];
  if (list.length < KEPT_PER_SIZE) list.push(buffer);
  kept.set(buffer.byteLength, list);
}
