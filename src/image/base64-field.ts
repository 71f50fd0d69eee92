import type { ImageField, PlainImageField } from '../contract/analysis-request.js';
import { ApiError } from '../contract/api-error.js';

const DATA_URL_PREFIX = /^data:([^,]*?),/i;
const EQUALS = 0x3d;

/** How many `=` end a text, up to three: `fromEnd(1)` is its last character's code. */
const paddingOf = (fromEnd: (i: number) => number | undefined) =>
  fromEnd(1) !== EQUALS ? 0 : fromEnd(2) !== EQUALS ? 1 : fromEnd(3) !== EQUALS ? 2 : 3;
const textPadding = (text: string) => paddingOf((i) => text.charCodeAt(text.length - i));

/** Bytes that a text of `length` characters ending in `padding` `=` holds if every other character of it is Base64 (either alphabet). */
const sizeOf = (length: number, padding: number) => Math.floor((length * 3) / 4) - Math.min(padding, 2);

/**
 * The size a Base64 text of that shape must decode to, or undefined where no whole Base64 has its
 * shape (4k + 1 characters, or three `=`). Node's decoder skips what is not Base64 and stops at
 * a `=` before the end, and every character it skips costs the output six bits: so, for any
 * other shape, the output has exactly this many bytes only when nothing was skipped. A second pass
 * over the text with a regular expression would cost a 12 MP photo's request 3 ms.
 */
const wholeSize = (length: number, padding: number) =>
  length % 4 === 1 || padding > 2 ? undefined : sizeOf(length, padding);

/** The text's bytes if it is whole Base64 (see wholeSize). */
function decodeStrict(text: string): Buffer | undefined {
  const size = wholeSize(text.length, textPadding(text));
  if (size === undefined) return undefined;
  const bytes = Buffer.from(text, 'base64');
  return bytes.length === size ? bytes : undefined;
}

/** Bytes that `text` holds if it is Base64: what the size limit is checked against before decoding. */
const decodedSize = (text: string) => sizeOf(text.length, textPadding(text));

/** Printable ASCII but the backslash: a data-URL prefix that reads the same raw as it does through JSON.parse. */
const PLAIN_PREFIX = /^[\x20-\x5b\x5d-\x7e]*$/;
const BASE64_MEDIA_TYPE = /;base64$/i;
/**
 * Characters decoded at a time from a body's bytes: a multiple of 4, so that every piece but the
 * last is whole groups, and each piece's string is small enough for the young generation (a
 * 3.4 MB string of the whole field lived outside the heap and set off full collections).
 */
const PIECE = 64 * 1024;

/**
 * `decodeStrict` on ASCII bytes, a piece at a time. Every piece but the last must decode to
 * exactly 3 bytes per 4 characters, which only whole Base64 does (a skipped character or a `=`
 * costs output); the whole is then held to decodeStrict's size. So it accepts and makes exactly
 * what decodeStrict does on the same text.
 */
function decodeStrictBytes(ascii: Buffer): Buffer | undefined {
  const length = ascii.length;
  const size = wholeSize(
    length,
    paddingOf((i) => ascii[length - i]),
  );
  if (size === undefined) return undefined;
  // Room for what a broken last piece might make beyond the expected size, so that a decode
  // cut short by a full buffer is never taken for a whole one.
  const out = Buffer.allocUnsafe(sizeOf(length, 0) + 3);
  let written = 0;
  for (let from = 0; from < length; from += PIECE) {
    const to = Math.min(length, from + PIECE);
    const made = out.write(ascii.toString('latin1', from, to), written, 'base64');
    written += made;
    if (to < length && made !== ((to - from) / 4) * 3) return undefined;
  }
  return written === size ? out.subarray(0, written) : undefined;
}

/**
 * The `image` field cut out of a JSON body as its bytes (`text`, the characters between the
 * quotes), if it is nothing but Base64 after an optional `data:…;base64,` prefix of printable
 * characters: no whitespace, no backslash, no control character, nothing empty. Such a field reads
 * the same raw as JSON.parse would make of it, which lets a large body skip JSON.parse; the decode
 * that checks it is the one intake needs. Anything else is left to JSON.parse and decodeBase64Field.
 */
export function plainBase64Field(text: Buffer): PlainImageField | undefined {
  const dataUrl = DATA_URL_PREFIX.exec(text.toString('latin1', 0, 256));
  if (dataUrl && (!PLAIN_PREFIX.test(dataUrl[0]) || !BASE64_MEDIA_TYPE.test(dataUrl[1] ?? ''))) return undefined;
  // One byte a character: the prefix is printable ASCII.
  const base64 = dataUrl ? text.subarray(dataUrl[0].length) : text;
  if (base64.length === 0) return undefined;
  const bytes = decodeStrictBytes(base64);
  return bytes && { text, bytes };
}

/**
 * What to do about a photo too large (issue 41: a 4.5 MB phone JPEG, 6 MiB as Base64, was refused
 * with its size alone): no analysis reads more than 2048 pixels of a side.
 */
export const SHRINK_ADVICE =
  'Resize the photo to 2048 pixels on its long side (a phone photo is then well under 1 MiB; nothing the analysis reads is lost), or save it as JPEG at quality 85; the console does this itself.';

function refuseOversize(size: number, maxBytes: number): void {
  if (size > maxBytes)
    throw new ApiError(
      'IMAGE_TOO_LARGE',
      `The image is ${formatMiB(size)} decoded; the limit is ${formatMiB(maxBytes)}. ${SHRINK_ADVICE}`,
    );
}

/**
 * Turns the `image` field into bytes. Accepts plain base64, base64url and data URLs, with any
 * whitespace (MIME line breaks). The data-URL media type is ignored: the bytes decide the format.
 * The decoded size is computed from the text length first, so an oversized image is refused
 * before a byte of it is allocated.
 */
export function decodeBase64Field(field: string, maxBytes: number): Buffer {
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
  let bytes = decodedSize(text) <= maxBytes ? decodeStrict(text) : undefined;
  if (!bytes) {
    text = text.replace(/\s+/g, '');
    if (text.length === 0) throw new ApiError('MISSING_IMAGE');
    refuseOversize(decodedSize(text), maxBytes);
    bytes = decodeStrict(text);
  }
  if (!bytes) throw new ApiError('INVALID_IMAGE', 'The "image" field is not valid Base64.');
  return bytes;
}

/**
 * The photo's bytes from a request's image field: decoded from its text, or, where the body's
 * reader cut the field out and decoded it already (plainBase64Field), those bytes, held to the
 * same limit with the same refusal.
 */
export function imageFieldBytes(field: ImageField, maxBytes: number): Buffer {
  if (typeof field === 'string') return decodeBase64Field(field, maxBytes);
  refuseOversize(field.bytes.length, maxBytes);
  return field.bytes;
}

export function formatMiB(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(2)} MiB`;
}
