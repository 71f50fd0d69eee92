import { createServer, STATUS_CODES, type RequestListener, type Server } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { Socket } from 'node:net';
import { ApiError } from '../contract/api-error.js';
import type { Logger } from '../logger.js';
import { errorEnvelope } from './send-error.js';
import { newRequestId } from './request-id.js';
import { answeredEarly, destroyAfterGrace } from './unread-body.js';

/** PAWLENS_TLS_CERT and PAWLENS_TLS_KEY, read: the server then speaks HTTPS only. */
export interface TlsFiles {
  readonly cert: Buffer;
  readonly key: Buffer;
}

export interface HttpServerLimits {
  /** Whole request, headers and body, must arrive within this (a 3 MiB upload on a slow clinic Wi-Fi takes seconds, not minutes). */
  readonly requestTimeoutMs: number;
  /** Open connections at most; past it new ones are closed at once (each idle keep-alive connection counts). */
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
 * malformed request, a request that took too long) answered with the JSON envelope and an
 * X-Request-Id, as every other answer is, instead of Node's bare status line.
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
  };
  // Photos and keys must not cross a clinic's LAN in clear text: with a certificate, HTTPS only.
  const server: Server = tls
    ? createTlsServer(
        // A handshake gets the time headers get (Node's default is 120 s, long enough for silent
        // connections to hold the connection cap).
        { ...options, cert: tls.cert, key: tls.key, minVersion: 'TLSv1.2', handshakeTimeout: headersTimeout },
        handler,
      )
    : createServer(options, handler);
  // A client that cannot finish the TLS handshake (plain HTTP sent to the HTTPS port) is just closed.
  server.on('tlsClientError', (_error: Error, socket: Socket) => socket.destroy());
  server.maxConnections = limits.maxConnections;
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
    const requestId = newRequestId();
    const { status, body: envelope } = errorEnvelope(requestId, errorOf(error.code));
    logger.info({ requestId, status, code: error.code }, 'request refused by the HTTP parser');
    const body = JSON.stringify(envelope);
    socket.end(
      [
        `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}`,
        'Content-Type: application/json; charset=utf-8',
        `Content-Length: ${Buffer.byteLength(body)}`,
        `X-Request-Id: ${requestId}`,
        'X-Content-Type-Options: nosniff',
        'Cache-Control: no-store',
        'Connection: close',
        '',
        body,
      ].join('\r\n'),
    );
    // end() only half-closes: a peer that never closes its side (never reads) would keep the
    // socket, and its place under the connection cap, for as long as it liked.
    destroyAfterGrace(socket);
  });
  return server;
}
