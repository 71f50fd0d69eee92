import express, { type RequestHandler } from 'express';
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
export function requireJson(): RequestHandler {
  return (req, _res, next) => {
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
}

export function parseJsonBody(limitBytes: number): RequestHandler {
  return express.json({ limit: limitBytes, strict: true, type: ['application/json', 'application/*+json'] });
}
