/** Softmax of `values`, written over them (logits become probabilities summing to 1); returns them. */
export function softmaxInPlace<T extends Float32Array | Float64Array>(values: T): T {
  let max = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < values.length; i++) if (values[i]! > max) max = values[i]!;
  let sum = 0;
  for (let i = 0; i < values.length; i++) {
    values[i] = Math.exp(values[i]! - max);
    sum += values[i]!;
  }
  for (let i = 0; i < values.length; i++) values[i]! /= sum;
  return values;
}
