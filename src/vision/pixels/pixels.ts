/** RGB pixels of a given size: a decoded photo, or a region of one. What every reading of a photo reads. */
export interface Pixels {
  readonly width: number;
  readonly height: number;
  readonly pixels: Buffer;
}
