import { randomUUID } from 'node:crypto';
import { ApiError } from '../../contract/api-error.js';
import type { PlainImageField } from '../../contract/analysis-request.js';
import { plainBase64Field } from '../../image/base64-field.js';
import { refuseLargeFields } from './body-fields-limit.js';

/** Bodies shorter than this are parsed whole: the shortcut pays only for a photo's megabytes. */
const CUT_FROM_LENGTH = 64 * 1024;
/** Stands in for the image while the rest of the body is parsed; no client can send it by chance. */
const PLACEHOLDER = `\u0000pawlens-image-${randomUUID()}`;
const PLACEHOLDER_JSON = JSON.stringify(PLACEHOLDER);
const AFTER_KEY = /^[ \t\n\r]*:[ \t\n\r]*"/;
const QUOTE = 0x22;

const notJson = () =>
  new ApiError('VALIDATION_ERROR', 'The request body must be a JSON object: it is not valid JSON, or not an object.');

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

/** A body's JSON value, and its top-level image field where it was cut out of the body's bytes. */
export interface ParsedBody {
  /** JSON.parse's value; where `image` is given, its `image` is a stand-in (a string) for that field. */
  readonly value: unknown;
  /** The top-level `image` field, cut out of the body as bytes and decoded: no string was made of it. */
  readonly image?: PlainImageField;
}

/**
 * The top-level `"image"` string of a large body, cut out of the bytes as they are, and the rest
 * of the body parsed without it. Through a string and JSON.parse, a 12 MP photo's 3.4 MB of Base64
 * would be copied into a string, scanned for escapes and copied again, and that garbage, outside
 * the heap, set off full collections; cut out, the field stays a view of the body's bytes and is
 * decoded a piece at a time. Taken only where the answer is exactly JSON.parse's: the value is plain
 * Base64 (so it holds no escape, no control character and nothing but ASCII), and parsing the rest
 * with a placeholder in its place puts the placeholder at the top level's `image` (not in a nested
 * object, not overridden by a later duplicate key). The placeholder stays as the value's `image`,
 * and the field comes beside it, checked and decoded.
 */
export function parseCuttingImage(body: Buffer): ParsedBody | undefined {
  for (let key = body.indexOf('"image"'); key >= 0; key = body.indexOf('"image"', key + 1)) {
    const afterKey = AFTER_KEY.exec(body.toString('latin1', key + 7, key + 7 + 64));
    if (!afterKey) continue;
    const start = key + 7 + afterKey[0].length;
    const end = body.indexOf(QUOTE, start);
    if (end < 0) return undefined;
    // Plain Base64 has no backslash, so the quote found ends the string, and nothing in it was
    // escaped; it is ASCII, where a byte is a character as JSON.parse would read it.
    const image = plainBase64Field(body.subarray(start, end));
    if (!image) return undefined;
    let rest: unknown;
    try {
      // Cut at ASCII quotes, which no UTF-8 sequence contains: each part decodes as it would whole.
      rest = JSON.parse(body.toString('utf8', 0, start - 1) + PLACEHOLDER_JSON + body.toString('utf8', end + 1));
    } catch {
      return undefined;
    }
    if (!rest || typeof rest !== 'object' || Array.isArray(rest) || (rest as { image?: unknown }).image !== PLACEHOLDER)
      return undefined;
    return { value: rest, image };
  }
  return undefined;
}

/** A UTF-8 byte-order mark: dropped before parsing, as JSON parsers may (RFC 8259 §8.1). */
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** A JSON request body's bytes (UTF-8) → its value, as JSON.parse gives it; VALIDATION_ERROR when it is not JSON. */
export function parseJsonBody(bytes: Buffer): ParsedBody {
  const body = bytes.subarray(0, 3).equals(BOM) ? bytes.subarray(3) : bytes;
  if (body.length >= CUT_FROM_LENGTH) refuseLargeFields(body);
  return (
    (body.length >= CUT_FROM_LENGTH ? parseCuttingImage(body) : undefined) ?? {
      value: parseWhole(body.toString('utf8')),
    }
  );
}
