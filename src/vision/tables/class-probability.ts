/** The class of `indices` with the highest probability in one classification's probabilities, and that probability. */
export function surestOf(
  probabilities: Float32Array,
  indices: readonly number[],
): { readonly index: number; readonly probability: number } {
  let best = { index: indices[0] ?? 0, probability: 0 };
  for (const index of indices)
    if ((probabilities[index] ?? 0) > best.probability) best = { index, probability: probabilities[index] ?? 0 };
  return best;
}

/** The probability of the classes `indices` together, in one classification's probabilities. */
export function probabilityOf(probabilities: Float32Array, indices: readonly number[]): number {
  let sum = 0;
  for (const index of indices) sum += probabilities[index] ?? 0;
  return sum;
}
