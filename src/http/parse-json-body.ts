import { randomUUID } from 'node:crypto';
import { ApiError } from '../contract/api-error.js';
import { isPlainBase64Field } from '../image/base64-field.js';

/** Bodies shorter than this are parsed whole: the shortcut pays only for a photo's megabytes. */
const CUT_FROM_LENGTH = 64 * 1024;
/** Stands in for the image while the rest of the body is parsed; no client can send it by chance. */
const PLACEHOLDER = `\u0000pawlens-image-${randomUUID()}`;
const PLACEHOLDER_JSON = JSON.stringify(PLACEHOLDER);
const AFTER_KEY = /^[ \t\n\r]*:[ \t\n\r]*"/;

const notJson = () => new ApiError('VALIDATION_ERROR', 'The request body must be a JSON object: it is not valid JSON, or not an object.');

function parseWhole(text: string): unknown {
  // As body-parser's strict mode: an empty body is an empty object; anything else must be an object or array.
  if (text.trim() === '') return {};
  if (!/^\s*[{[]/.test(text)) throw notJson();
  try {
    return JSON.parse(text);
  } catch {
    throw notJson();
  }
}

/**
 * The top-level `"image"` string of a large body, cut out of the text as it is (a slice, not a
 * copy), and the rest of the body parsed without it. JSON.parse copies a 12 MP photo's 3.4 MB
 * of Base64 into a new string, scanning it for escapes, and its garbage is a photo's worth per
 * request. Taken only where the answer is exactly JSON.parse's: the value is plain Base64 (so it
 * holds no escape), and parsing the rest with a placeholder in its place puts the placeholder at the
 * top level's `image` (not in a nested object, not overridden by a later duplicate key).
 */
export function parseCuttingImage(text: string): unknown {
  for (let key = text.indexOf('"image"'); key >= 0; key = text.indexOf('"image"', key + 1)) {
    const afterKey = AFTER_KEY.exec(text.slice(key + 7, key + 7 + 64));
    if (!afterKey) continue;
    const start = key + 7 + afterKey[0].length;
    const end = text.indexOf('"', start);
    if (end < 0) return undefined;
    const image = text.slice(start, end);
    // Plain Base64 has no backslash, so the quote found ends the string, and nothing in it was escaped.
    if (!isPlainBase64Field(image)) return undefined;
    let rest: unknown;
    try {
      rest = JSON.parse(text.slice(0, start - 1) + PLACEHOLDER_JSON + text.slice(end + 1));
    } catch {
      return undefined;
    }
    if (!rest || typeof rest !== 'object' || Array.isArray(rest) || (rest as { image?: unknown }).image !== PLACEHOLDER) return undefined;
    return { ...rest, image };
  }
  return undefined;
}

/** A JSON request body, decoded to text (express.text drops a byte-order mark) → its value, as JSON.parse gives it; VALIDATION_ERROR when it is not JSON. */
export function parseJsonBody(text: string): unknown {
  return (text.length >= CUT_FROM_LENGTH ? parseCuttingImage(text) : undefined) ?? parseWhole(text);
}
