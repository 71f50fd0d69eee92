import { ApiError } from '../contract/api-error.js';

const DATA_URL_PREFIX = /^data:([^,]*?),/i;
const BASE64_BODY = /^[A-Za-z0-9+/_-]*={0,2}$/;

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
  // Most clients send one unbroken line: strip line breaks only when the text fails as it is.
  let wellFormed = BASE64_BODY.test(text);
  if (!wellFormed) {
    text = text.replace(/\s+/g, '');
    wellFormed = BASE64_BODY.test(text);
  }
  if (text.length === 0) throw new ApiError('MISSING_IMAGE');

  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  const decodedSize = Math.floor((text.length * 3) / 4) - padding;
  if (decodedSize > maxBytes) {
    throw new ApiError('IMAGE_TOO_LARGE', `The image is ${formatMiB(decodedSize)} decoded; the limit is ${formatMiB(maxBytes)}.`);
  }
  if (!wellFormed || text.length % 4 === 1) {
    throw new ApiError('INVALID_IMAGE', 'The "image" field is not valid Base64.');
  }
  return Buffer.from(text, 'base64');
}

export function formatMiB(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(2)} MiB`;
}
