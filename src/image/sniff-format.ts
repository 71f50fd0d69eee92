import { ApiError } from '../contract/api-error.js';

export type ImageFormat = 'jpeg' | 'png' | 'webp';

const startsWith = (bytes: Buffer, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** Formats we recognise only to name them in the refusal. */
const OTHER_FORMATS: ReadonlyArray<[string, (bytes: Buffer) => boolean]> = [
  ['GIF', (b) => startsWith(b, ascii('GIF8'))],
  ['BMP', (b) => startsWith(b, ascii('BM'))],
  ['TIFF', (b) => startsWith(b, [0x49, 0x49, 0x2a, 0x00]) || startsWith(b, [0x4d, 0x4d, 0x00, 0x2a])],
  ['HEIC/AVIF', (b) => startsWith(b, ascii('ftyp'), 4)],
  ['PDF', (b) => startsWith(b, ascii('%PDF'))],
  ['SVG', (b) => /^\s*(<\?xml|<svg)/i.test(b.subarray(0, 64).toString('latin1'))],
  ['ICO', (b) => startsWith(b, [0x00, 0x00, 0x01, 0x00])],
];

/** Decides the format from magic bytes alone; the data-URL label and file name never count. */
export function sniffImageFormat(bytes: Buffer): ImageFormat {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';

  const other = OTHER_FORMATS.find(([, matches]) => matches(bytes))?.[0];
  throw new ApiError(
    'UNSUPPORTED_IMAGE_FORMAT',
    other
      ? `The image is ${other}; send JPG, PNG or WEBP.`
      : 'The image is not JPG, PNG or WEBP (its bytes match none of them).',
  );
}
