/**
 * A localizer trained on a detector's maps reads a letterboxed input: the photo scaled to fit at the
 * top left, padding right and below. Its cells over that square are laid here on a grid over the
 * photo itself, stretched as a classifier localizer's grid is, so that everything after the
 * localizer (locateSubjects, the subject's pixels, the gate's boxes) reads one kind of grid.
 */

/**
 * `probabilities` of a grid × grid square whose top-left `content` (shares of its width and height)
 * is the photo, as a grid × grid grid over the photo: each cell takes the square's cell under its
 * centre. The padding's cells are never read.
 */
export function letterboxedCellsOnFrame(
  probabilities: Float32Array,
  grid: number,
  content: { readonly width: number; readonly height: number },
): Float32Array {
  const out = new Float32Array(grid * grid);
  const under = (at: number, share: number) => Math.min(grid - 1, Math.floor(((at + 0.5) / grid) * share * grid));
  for (let row = 0; row < grid; row++)
    for (let column = 0; column < grid; column++)
      out[row * grid + column] = probabilities[under(row, content.height) * grid + under(column, content.width)]!;
  return out;
}
