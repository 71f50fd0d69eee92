/**
 * A seeded Park–Miller generator: uniform numbers in (0, 1), the same sequence for the same seed,
 * so that the folds a head is cross-validated on, and the images the tests generate, are the
 * same on every run.
 */
export function seededRandom(seed: number): () => number {
  let state = seed % 2147483647 || 1;
  return () => {
    state = (state * 16807) % 2147483647;
    return state / 2147483647;
  };
}

/** Shuffles `items` in place (Fisher–Yates, from the end), drawing from `random`: the same draws give the same order. */
export function shuffleInPlace<T>(items: { [index: number]: T; readonly length: number }, random: () => number): void {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
}
