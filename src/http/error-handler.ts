import type { ErrorRequestHandler, RequestHandler } from 'express';
import { isStoreOutage } from '../accounts/store-outage.js';
import { ApiError } from '../contract/api-error.js';
import type { Logger } from '../logger.js';
import { QueueFull } from '../work-queue.js';
import { ClientGoneError } from './transport/client-gone.js';
import { requestIdOf } from './request-id.js';
import { sendError } from './send-error.js';
import { settleUnreadBody } from './transport/unread-body.js';
import type { UploadPace } from './transport/upload-pace.js';

/** Errors of the layers below HTTP, which know nothing of statuses, → the catalogue. */
function fromBelow(error: unknown): ApiError | undefined {
  if (error instanceof QueueFull)
    return new ApiError('SERVICE_BUSY', undefined, { 'Retry-After': String(error.retryAfterSeconds) });
  // Express could not decode a path parameter (%ff is no UTF-8): the client's path, not our bug.
  if (error instanceof URIError)
    return new ApiError(
      'BAD_REQUEST',
      'The path is not valid percent-encoded UTF-8; encode each part with encodeURIComponent.',
    );
  // Not a bug but a store that cannot be used now (a full disk, a database down): retry later.
  if (isStoreOutage(error))
    return new ApiError(
      'SERVICE_BUSY',
      'The key store cannot be used right now (its disk is full or its database cannot be reached); nothing was charged. Retry after the time in Retry-After.',
      { 'Retry-After': String(STORE_RETRY_AFTER_SECONDS) },
    );
  return undefined;
}

/** How long a client should wait before retrying a call the store could not take: the store's health is probed about this often. */
const STORE_RETRY_AFTER_SECONDS = 5;

export function notFound(): RequestHandler {
  return (req, _res, next) =>
    next(new ApiError('NOT_FOUND', `No endpoint at ${req.method} ${req.path.slice(0, 200)}.`));
}

export function methodNotAllowed(allowed: readonly string[]): RequestHandler {
  return (req, _res, next) =>
    next(
      new ApiError('METHOD_NOT_ALLOWED', `${req.method} is not allowed here; use ${allowed.join(' or ')}.`, {
        Allow: allowed.join(', '),
      }),
    );
}

/**
 * Last in the chain. ApiErrors are answered as they are; anything else is logged with the
 * request id and answered as INTERNAL_ERROR without a detail a client could learn from.
 */
export function errorHandler(logger: Logger, pace: UploadPace): ErrorRequestHandler {
  return (error, req, res, _next) => {
    // The client hung up (before its answer, or in the middle of sending its body): nobody to answer.
    if (error instanceof ClientGoneError) {
      res.locals.clientGone = true;
      res.end();
      return;
    }
    const apiError = error instanceof ApiError ? error : fromBelow(error);
    if (res.headersSent) {
      logger.error({ requestId: requestIdOf(res), err: error }, 'error after the response started');
      res.end();
      return;
    }
    // Refused before its body was read (a bad key, no credits, too large, busy): answered now, and
    // the rest of the body read and dropped (within bounds) so that the client can read it.
    if (!req.complete) settleUnreadBody(req, res, apiError, pace);
    if (apiError) {
      if (!(error instanceof ApiError) && isStoreOutage(error))
        logger.warn({ requestId: requestIdOf(res), err: error }, 'the key store is unavailable: answered 503');
      sendError(res, apiError);
      return;
    }
    logger.error({ requestId: requestIdOf(res), method: req.method, path: req.path, err: error }, 'internal error');
    sendError(res, new ApiError('INTERNAL_ERROR'));
  };
}
