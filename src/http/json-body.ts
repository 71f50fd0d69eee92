import express, { type RequestHandler } from 'express';
import { parseAnalysisRequest } from '../contract/analysis-request.js';
import { ApiError } from '../contract/api-error.js';

/**
 * The JSON body limit must let a 3 MiB image through in base64 (4/3 of it) with line breaks,
 * escaped slashes and a data-URL prefix, and still be a limit: past it the parser stops reading
 * and the answer is 413 in the envelope.
 */
export function jsonBodyLimit(maxImageBytes: number): number {
  return Math.ceil((Math.ceil(maxImageBytes / 3) * 4 * 5) / 4) + 64 * 1024;
}

/** 415 unless the body is declared as JSON; checked after auth (DESIGN.md §1 order). */
const requireJson: RequestHandler = (req, _res, next) => {
  const type = req.headers['content-type'];
  if (!type || !req.is(['application/json', 'application/*+json'])) {
    next(
      new ApiError(
        'UNSUPPORTED_MEDIA_TYPE',
        type ? `Content-Type ${type.slice(0, 100)} is not accepted; send application/json.` : 'Content-Type is missing; send application/json.',
      ),
    );
    return;
  }
  next();
};

/** The body, parsed by the contract's request schema into res.locals.request. */
const parseRequest: RequestHandler = (req, res, next) => {
  res.locals.request = parseAnalysisRequest(req.body);
  next();
};

/** An analysis body: declared JSON, within the size limit, valid JSON, and a valid request. */
export function jsonBody(maxImageBytes: number): RequestHandler[] {
  const parse = express.json({ limit: jsonBodyLimit(maxImageBytes), strict: true, type: ['application/json', 'application/*+json'] });
  return [requireJson, parse, parseRequest];
}
