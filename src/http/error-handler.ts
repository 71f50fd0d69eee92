import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import { ApiError } from '../contract/api-error.js';
import { ErrorEnvelope } from '../contract/envelopes.js';
import { ERROR_CATALOGUE } from '../contract/error-catalogue.js';
import type { Logger } from '../logger.js';
import { QueueFull } from '../work-queue.js';
import { requestIdOf } from './request-id.js';

/** body-parser's error types → our catalogue; these reach us before any route code runs. */
function fromBodyParser(error: {
  type?: unknown;
  limit?: unknown;
  status?: unknown;
  expose?: unknown;
}): ApiError | undefined {
  switch (error.type) {
    case 'entity.too.large':
      return new ApiError(
        'IMAGE_TOO_LARGE',
        `The request body is larger than ${Math.round(Number(error.limit) / 1024 / 1024)} MiB; images may be at most 3 MiB.`,
      );
    case 'entity.parse.failed':
      return new ApiError(
        'VALIDATION_ERROR',
        'The request body must be a JSON object: it is not valid JSON, or not an object.',
      );
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new ApiError('UNSUPPORTED_MEDIA_TYPE', 'Send the body as UTF-8 JSON without content encoding.');
    case 'request.size.invalid':
      return new ApiError('VALIDATION_ERROR', 'The request body ended before its declared length.');
    default:
      // A corrupt gzip or deflate body: body-parser wraps zlib's error as a 400 without a type.
      if (typeof error.status === 'number' && error.status >= 400 && error.status < 500 && error.expose === true) {
        return new ApiError(
          'VALIDATION_ERROR',
          'The request body could not be read: its Content-Encoding does not match its bytes.',
        );
      }
      return undefined;
  }
}

/** The client hung up before its answer was ready: nothing is sent, nothing is logged as an error. */
export class ClientGoneError extends Error {
  override readonly name = 'ClientGoneError';
  constructor() {
    super('the client closed the connection before the answer was ready');
  }
}

/** Errors of the layers below HTTP, which know nothing of statuses, → the catalogue. */
function fromBelow(error: unknown): ApiError | undefined {
  if (error instanceof QueueFull)
    return new ApiError('SERVICE_BUSY', undefined, { 'Retry-After': String(error.retryAfterSeconds) });
  return undefined;
}

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
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error, req, res, _next) => {
    // The client hung up (before its answer, or in the middle of sending its body): nobody to answer.
    if (error instanceof ClientGoneError || (error as { type?: unknown } | undefined)?.type === 'request.aborted') {
      res.locals.clientGone = true;
      res.end();
      return;
    }
    const apiError = error instanceof ApiError ? error : (fromBelow(error) ?? fromBodyParser(error ?? {}));
    if (res.headersSent) {
      logger.error({ requestId: requestIdOf(res), err: error }, 'error after the response started');
      res.end();
      return;
    }
    // Refused before its body was read (a bad key, no credits, too large, busy): the body is not
    // worth reading, so the connection closes after the answer instead of taking the rest of it.
    if (!req.complete) closeAfterAnswer(req, res);
    if (apiError) {
      sendError(res, apiError);
      return;
    }
    logger.error({ requestId: requestIdOf(res), method: req.method, path: req.path, err: error }, 'internal error');
    sendError(res, new ApiError('INTERNAL_ERROR'));
  };
}

/** How long an answered connection may still deliver its answer before it is cut: the client reads it, or stops sending, by then. */
const CLOSE_GRACE_MS = 2_000;

/**
 * `Connection: close`, no more of the body read, and the socket destroyed a moment after the
 * answer went out. Closing at once with unread bytes would make the kernel reset the connection
 * and the client could lose the answer; reading on would let a client hold the server for as
 * long as its upload lasts (a 50 MB body read whole before its 413).
 */
function closeAfterAnswer(req: Request, res: Response): void {
  res.setHeader('Connection', 'close');
  req.unpipe();
  req.pause();
  res.once('finish', () => setTimeout(() => req.socket.destroy(), CLOSE_GRACE_MS).unref());
}

/** The only way an error body is made: checked against the closed error envelope, INTERNAL_ERROR if it fails. */
/** The error envelope for `error`, checked against its schema; one that fails it becomes INTERNAL_ERROR, never a malformed answer. */
export function errorEnvelope(
  requestId: string,
  error: ApiError,
): { readonly status: number; readonly body: ErrorEnvelope } {
  const checked = ErrorEnvelope.safeParse({
    success: false,
    request_id: requestId,
    error: { code: error.code, message: error.message.slice(0, 500) },
  });
  if (checked.success) return { status: error.status, body: checked.data };
  return {
    status: 500,
    body: {
      success: false,
      request_id: requestId,
      error: { code: 'INTERNAL_ERROR', message: ERROR_CATALOGUE.INTERNAL_ERROR.message },
    },
  };
}

/**
 * The challenge a 401 carries (RFC 9110 §11.6.1; RFC 6750 §3 for Bearer): what credentials to send,
 * and for a key that was sent but is not one, that it is invalid.
 */
const challengeFor = (error: ApiError) =>
  error.code === 'INVALID_KEY' ? 'Bearer realm="pawlens", error="invalid_token"' : 'Bearer realm="pawlens"';

export function sendError(res: Response, error: ApiError): void {
  const { status, body } = errorEnvelope(requestIdOf(res), error);
  if (status === 401) res.setHeader('WWW-Authenticate', challengeFor(error));
  for (const [name, value] of Object.entries(error.headers)) res.setHeader(name, value);
  res.status(status).json(body);
}
