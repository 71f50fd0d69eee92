/** Softmax of `values`, written over them (logits become probabilities summing to 1); returns them. */
export function softmaxInPlace(values: Float32Array): Float32Array {
  const max = values.reduce((m, v) => Math.max(m, v), Number.NEGATIVE_INFINITY);
  let sum = 0;
  for (let i = 0; i < values.length; i++) {
    values[i] = Math.exp(values[i]! - max);
    sum += values[i]!;
  }
  for (let i = 0; i < values.length; i++) values[i]! /= sum;
  return values;
}
