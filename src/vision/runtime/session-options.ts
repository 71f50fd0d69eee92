import type ort from 'onnxruntime-node';

/**
 * How every onnxruntime session is opened, on the main thread and in the inference threads.
 *
 * One thread per run: concurrency comes from running several requests, not from splitting one.
 *
 * `session.x64quantprecision`: on an x86 processor without VNNI (AVX2 or AVX-512 alone, as on many
 * AMD EPYC and older Xeon servers), onnxruntime's int8 convolutions multiply in pairs that saturate
 * at 16 bits, so a quantized model (the catalogue's MobileNetV2) answers differently, and worse,
 * than on one with VNNI: measured on an AVX2-only EPYC, coffee.png read as espresso at 0.64 instead
 * of 0.995, a generated urine scene as a sign (refused), every breed's probability moved. This
 * option widens those products to 16 bits first, so every x86 server gives the model's own answers.
 * It costs MobileNetV2 about 1.7× its time there (11 → 18.5 ms a 224² image); float models are
 * untouched.
 */
export const SESSION_OPTIONS: ort.InferenceSession.SessionOptions = Object.freeze({
  intraOpNumThreads: 1,
  interOpNumThreads: 1,
  graphOptimizationLevel: 'all',
  extra: { session: { x64quantprecision: '1' } },
});
