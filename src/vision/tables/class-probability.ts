/** The probability of the classes `indices` together, in one classification's probabilities. */
export function probabilityOf(probabilities: Float32Array, indices: readonly number[]): number {
  let sum = 0;
  for (const index of indices) sum += probabilities[index] ?? 0;
  return sum;
}
