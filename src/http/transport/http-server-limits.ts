import { createServer, type IncomingMessage, type RequestListener, type Server } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { Socket } from 'node:net';
import { ApiError } from '../../contract/api-error.js';
import type { Logger } from '../../logger.js';
import { capConnections } from './connection-cap.js';
import { answerOnSocket, answerPlainHttpOnTlsPort } from './socket-answers.js';
import { type TlsFiles, tlsOptions } from './tls-options.js';
import { answeredEarly } from './unread-body.js';

export type { TlsFiles };

export interface HttpServerLimits {
  /** Whole request, headers and body, must arrive within this (a 3 MiB upload on a slow clinic Wi-Fi takes seconds, not minutes). */
  readonly requestTimeoutMs: number;
  /** Open connections at most; past it a new one takes the place of one stalled without a request, or is closed at once. */
  readonly maxConnections: number;
}

export const DEFAULT_HTTP_LIMITS: HttpServerLimits = { requestTimeoutMs: 60_000, maxConnections: 512 };
const HEADERS_TIMEOUT_MS = 10_000;
const KEEP_ALIVE_TIMEOUT_MS = 5_000;
/** Node's parser errors → the catalogue: the answer a client gets when its request never reached express. */
function errorOf(code: string | undefined): ApiError {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return new ApiError('HEADERS_TOO_LARGE');
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new ApiError('REQUEST_TIMEOUT');
    default:
      return new ApiError('BAD_REQUEST');
  }
}

/**
 * The HTTP (or, with `tls`, HTTPS) server for `handler` (the express app), held to the service's promises: timeouts for
 * headers, whole requests and idle keep-alive connections (checked every second, not Node's
 * every 30), a cap on connections, and Node's own errors (a request line or headers too long, a
 * malformed request, a request that took too long, a CONNECT, plain HTTP on the HTTPS port) answered
 * with the JSON envelope and an X-Request-Id, as every other answer is, instead of Node's bare
 * status line or a silent close.
 */
export function createHttpServer(
  handler: RequestListener,
  logger: Logger,
  limits: HttpServerLimits = DEFAULT_HTTP_LIMITS,
  tls?: TlsFiles,
): Server {
  const headersTimeout = Math.min(HEADERS_TIMEOUT_MS, limits.requestTimeoutMs);
  const options = {
    headersTimeout,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
    connectionsCheckingInterval: 1000,
    // HTTP/1.1 without a Host is refused by protocolChecks, in the envelope (Node's refusal has no body).
    requireHostHeader: false,
  };
  // Photos and keys must not cross a clinic's LAN in clear text: with a certificate, HTTPS only.
  const server: Server = tls
    ? createTlsServer(
        // A handshake gets the time headers get (Node's default is 120 s, long enough for silent
        // connections to hold the connection cap).
        { ...options, ...tlsOptions(tls), handshakeTimeout: headersTimeout },
        handler,
      )
    : createServer(options, handler);
  // A TLS handshake that fails is closed: nothing can be said on a connection without TLS.
  server.on('tlsClientError', (_error: Error, socket: Socket) => socket.destroy());
  const answer = (socket: Socket, error: ApiError, why: string) => answerOnSocket(socket, error, logger, why);
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    // The client reset or hung up mid-request, or an answer already began or was given (the rest of
    // its body being dropped): nothing can be said on it any more.
    if (
      answeredEarly.has(socket) ||
      error.code === 'ECONNRESET' ||
      error.code === 'HPE_INVALID_EOF_STATE' ||
      !socket.writable ||
      (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent
    ) {
      socket.destroy();
      return;
    }
    answer(socket, errorOf(error.code), `request refused by the HTTP parser (${error.code})`);
  });
  // Node would close a CONNECT (a proxy's tunnel) without a word: this is no proxy.
  server.on('connect', (_request: IncomingMessage, socket: Socket) =>
    answer(
      socket,
      new ApiError('METHOD_NOT_ALLOWED', 'This server is not a proxy: CONNECT is not allowed.'),
      'CONNECT refused',
    ),
  );
  // Node's own answers to these are a bare status line: sent to the app instead, whose
  // protocolChecks answer them in the envelope.
  server.on('checkExpectation', handler);
  if (tls)
    answerPlainHttpOnTlsPort(server, headersTimeout, (socket) =>
      answer(
        socket,
        new ApiError('BAD_REQUEST', 'This port speaks HTTPS only: send the request to https:// on it.'),
        'plain HTTP sent to the HTTPS port',
      ),
    );
  capConnections(server, limits.maxConnections);
  return server;
}
