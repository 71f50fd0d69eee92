import type { Request } from 'express';
import { type AnalysisRequest, parseAnalysisRequest } from '../../contract/analysis-request.js';
import { ApiError } from '../../contract/api-error.js';
import { SHRINK_ADVICE } from '../../image/base64-field.js';
import { parseJsonBody } from './parse-json-body.js';
import { readBody } from './read-body.js';
import type { UploadPace } from './upload-pace.js';
import type { Step } from '../call-steps.js';

/**
 * The JSON body limit must let a 3 MiB image through in base64 (4/3 of it) with line breaks,
 * escaped slashes and a data-URL prefix, and still be a limit: past it the parser stops reading
 * and the answer is 413 in the envelope.
 */
export function jsonBodyLimit(maxImageBytes: number): number {
  return Math.ceil((Math.ceil(maxImageBytes / 3) * 4 * 5) / 4) + 64 * 1024;
}

/** 415 unless the body is declared as JSON; checked after auth (docs/design.md §1 order). */
function requireJson(req: Request): void {
  const type = req.headers['content-type'];
  if (!type || !req.is(['application/json', 'application/*+json']))
    throw new ApiError(
      'UNSUPPORTED_MEDIA_TYPE',
      type
        ? `Content-Type ${type.slice(0, 100)} is not accepted; send application/json.`
        : 'Content-Type is missing; send application/json.',
    );
}

/** JSON is UTF-8 (RFC 8259 §8.1): a body declared in another charset is refused, not guessed at. */
const UTF8 = /^utf-?8$/i;

/**
 * An analysis body: declared JSON, within the size limit, arriving at a pace, valid JSON, and a
 * valid request: the call's `request`. The bytes are read by readBody (limit, pace, gzip and
 * deflate) and parsed by parseJsonBody, which reads a photo's Base64 without running it through a
 * string of the whole body or JSON.parse.
 */
export function jsonBody(maxImageBytes: number, pace: UploadPace): Step<object, { request: AnalysisRequest }> {
  const limit = jsonBodyLimit(maxImageBytes);
  const tooLarge = (bytes?: number) =>
    new ApiError(
      'IMAGE_TOO_LARGE',
      `The request body is ${bytes === undefined ? 'larger than ' : ''}${Math.ceil((bytes ?? limit) / 1024 / 1024)} MiB; images may be at most ${Math.round(maxImageBytes / 1024 / 1024)} MiB. ${SHRINK_ADVICE}`,
    );
  return async (req) => {
    requireJson(req);
    // A declared length over the limit is refused before a byte of the body is read.
    const declared = Number(req.headers['content-length']);
    if (declared > limit) throw tooLarge(declared);
    const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(req.headers['content-type'] ?? '')?.[1];
    if (charset && !UTF8.test(charset))
      throw new ApiError('UNSUPPORTED_MEDIA_TYPE', 'Send the body as UTF-8 JSON without content encoding.');
    const bytes = await readBody(req, { maxBytes: limit, pace, tooLarge: () => tooLarge() });
    const { value, image } = parseJsonBody(bytes);
    return { request: parseAnalysisRequest(value, image) };
  };
}
