import v8 from 'node:v8';
import sharp from 'sharp';

/**
 * How far V8 lets the old generation grow past what the last full collection kept, in percent.
 * V8 counts memory held outside the JS heap (ArrayBuffers) against that allowance, and for a heap
 * of this service's size (about 20 MB) its own heuristic allows 8 MB. Every photo allocates a few
 * MB of pixel buffers outside the heap (the decoded photo, the model inputs' pixels, the
 * detector's output), and they live for the whole request, past the young generation's
 * collections: so V8 ran a full mark-compact of the whole heap every few requests, about a tenth
 * of the CPU a breed request took. Four times the live heap lets that garbage gather to some 60
 * MB between full collections instead, for that much more peak memory.
 */
export const HEAP_GROWING_PERCENT = 300;

/**
 * Settings for a process that serves photo analyses, applied once at its start (`pawlens serve`,
 * and the benchmark's in-process server, which measures the same thing):
 * - the heap growth above, set with the only means a `node` started through the `pawlens` script
 *   has (a V8 flag that is read at every collection, so setting it at run time takes effect);
 * - libvips' operation cache off: it keys on the input image, and no two requests share one, so it
 *   never hits; it only spends time on every operation and keeps up to 50 MB of pixels alive.
 */
export function tuneForPhotoAnalysis(): void {
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  sharp.cache(false);
}
