import { ApiError } from '../contract/api-error.js';

const DATA_URL_PREFIX = /^data:([^,]*?),/i;

/** Bytes that `text` holds if every character of it is Base64 (either alphabet) with at most two `=` of padding at the end. */
function decodedSize(text: string): number {
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  return Math.floor((text.length * 3) / 4) - padding;
}

/**
 * Node's decoder skips what is not Base64 and stops at a `=` before the end, and every character
 * it skips costs the output six bits: so the output has exactly `decodedSize` bytes only when
 * nothing was skipped. One skipped character in a text of length 4k + 1 is the exception, and
 * that length is never valid Base64. A second pass over the text with a regular expression would
 * cost a 12 MP photo's request 3 ms.
 */
function decodeStrict(text: string): Buffer | undefined {
  if (text.length % 4 === 1 || text.endsWith('===')) return undefined;
  const bytes = Buffer.from(text, 'base64');
  return bytes.length === decodedSize(text) ? bytes : undefined;
}

/** Printable ASCII but the backslash: a data-URL prefix that reads the same raw as it does through JSON.parse. */
const PLAIN_PREFIX = /^[\x20-\x5b\x5d-\x7e]*$/;
/**
 * The bytes of `text` if it is an `image` field with nothing but Base64 in it (after an optional
 * data-URL prefix of printable characters): no whitespace, no backslash, no control character.
 * Such a text is the same string sliced raw out of a JSON body as JSON.parse would make of it,
 * which lets a large body skip JSON.parse; the decode that checks it is the one intake needs.
 */
export function plainBase64Bytes(text: string): Buffer | undefined {
  const dataUrl = DATA_URL_PREFIX.exec(text.slice(0, 256));
  if (dataUrl && !PLAIN_PREFIX.test(dataUrl[0])) return undefined;
  return decodeStrict(dataUrl ? text.slice(dataUrl[0].length) : text);
}

function refuseOversize(text: string, maxBytes: number): void {
  const size = decodedSize(text);
  if (size > maxBytes) throw new ApiError('IMAGE_TOO_LARGE', `The image is ${formatMiB(size)} decoded; the limit is ${formatMiB(maxBytes)}.`);
}

/**
 * Turns the `image` field into bytes. Accepts plain base64, base64url and data URLs, with any
 * whitespace (MIME line breaks). The data-URL media type is ignored: the bytes decide the format.
 * The decoded size is computed from the text length first, so an oversized image is refused
 * before a byte of it is allocated. `decoded`: what plainBase64Bytes already made of this same
 * field, when the body's reader checked it that way; it is not decoded twice.
 */
export function decodeBase64Field(field: string, maxBytes: number, decoded?: Buffer): Buffer {
  let text = field.trimStart();
  const dataUrl = DATA_URL_PREFIX.exec(text.slice(0, 256));
  if (dataUrl) {
    if (!/;base64$/i.test(dataUrl[1] ?? '')) {
      throw new ApiError('INVALID_IMAGE', 'The data URL is not base64-encoded: use "data:image/jpeg;base64,…".');
    }
    text = text.slice(dataUrl[0].length);
  }
  if (text.length === 0) throw new ApiError('MISSING_IMAGE');
  // Most clients send one unbroken line: whitespace is stripped only when the text fails as it is
  // (too large counting it, or not decoding whole).
  let bytes = decodedSize(text) <= maxBytes ? (decoded ?? decodeStrict(text)) : undefined;
  if (!bytes) {
    text = text.replace(/\s+/g, '');
    if (text.length === 0) throw new ApiError('MISSING_IMAGE');
    refuseOversize(text, maxBytes);
    bytes = decodeStrict(text);
  }
  if (!bytes) throw new ApiError('INVALID_IMAGE', 'The "image" field is not valid Base64.');
  return bytes;
}

export function formatMiB(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(2)} MiB`;
}
