/** [x1, y1, x2, y2] in pixels of the photo as it was sent (after orientation). */
export type Box = readonly [number, number, number, number];

/** A rectangle of a decoded photo's pixels. */
export interface Region {
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
}

/**
 * Which `image` pixels a box of the photo covers: scaled from the photo's coordinates to the
 * decoded pixels, widened by `margin` of its size on each side, and clipped to the frame.
 */
export function regionOf(
  image: { readonly width: number; readonly height: number; readonly sourceWidth: number },
  box: Box,
  margin = 0,
): Region {
  const toImage = image.width / image.sourceWidth;
  const [x1, y1, x2, y2] = box.map((v) => v * toImage) as [number, number, number, number];
  const dx = (x2 - x1) * margin;
  const dy = (y2 - y1) * margin;
  const left = Math.min(image.width - 1, Math.max(0, Math.floor(x1 - dx)));
  const top = Math.min(image.height - 1, Math.max(0, Math.floor(y1 - dy)));
  const width = Math.max(1, Math.min(image.width, Math.ceil(x2 + dx)) - left);
  const height = Math.max(1, Math.min(image.height, Math.ceil(y2 + dy)) - top);
  return { left, top, width, height };
}
