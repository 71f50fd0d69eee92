import type { RequestHandler } from 'express';
import { randomToken } from '../accounts/api-key.js';

export const newRequestId = () => `req_${randomToken(20)}`;

/** First in the chain: every answer, even a 404, carries its id; and the request's arrival is noted, by `now`. */
export function requestId(now: () => Date = () => new Date()): RequestHandler {
  return (_req, res, next) => {
    const id = newRequestId();
    res.locals.requestId = id;
    res.locals.arrivedAt = now();
    res.setHeader('X-Request-Id', id);
    next();
  };
}

export function requestIdOf(res: { locals: Record<string, unknown> }): string {
  return (res.locals.requestId as string | undefined) ?? newRequestId();
}
