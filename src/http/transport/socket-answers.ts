import { STATUS_CODES, type Server } from 'node:http';
import type { Socket } from 'node:net';
import type { ApiError } from '../../contract/api-error.js';
import type { Logger } from '../../logger.js';
import { newRequestId } from '../request-id.js';
import { errorEnvelope } from '../send-error.js';
import { destroyAfterGrace } from './unread-body.js';

/**
 * `error` in the JSON envelope, written straight onto a socket no request object exists for (Node's
 * parser refused it, a CONNECT, plain HTTP on the TLS port), then the socket closed: ended at once,
 * and destroyed after a short grace, since a peer that never closes its side would otherwise keep
 * the socket, and its place under the connection cap, for as long as it liked.
 */
export function answerOnSocket(socket: Socket, error: ApiError, logger: Logger, why: string): void {
  const requestId = newRequestId();
  const { status, body: envelope } = errorEnvelope(requestId, error);
  logger.info({ requestId, status }, why);
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
  destroyAfterGrace(socket);
}

/** A TLS connection's first byte: a handshake record (RFC 8446 §5.1). */
const TLS_HANDSHAKE_RECORD = 0x16;

/**
 * Makes the HTTPS `server` look at each connection's first byte before TLS does: a handshake goes
 * on to TLS as before; anything else (a client that said http:// to the HTTPS port) is handed to
 * `onPlain`, which can tell it so in plain HTTP instead of the silent close a failed handshake
 * gets. A connection silent for `silentMs` before its first byte is closed (TLS's own handshake
 * timer only starts once TLS has it).
 */
export function answerPlainHttpOnTlsPort(server: Server, silentMs: number, onPlain: (socket: Socket) => void): void {
  const tlsListeners = server.listeners('connection') as ((socket: Socket) => void)[];
  server.removeAllListeners('connection');
  server.on('connection', (socket: Socket) => {
    socket.on('error', () => socket.destroy());
    socket.setTimeout(silentMs, () => socket.destroy());
    socket.once('data', (first: Buffer) => {
      socket.setTimeout(0);
      socket.pause();
      // Put back: TLS reads what the socket holds before reading on (tls.TLSSocket's initRead).
      socket.unshift(first);
      if (first[0] === TLS_HANDSHAKE_RECORD) for (const listener of tlsListeners) listener.call(server, socket);
      else {
        // The rest of the plain request is dropped; the answer needs none of it.
        socket.resume();
        onPlain(socket);
      }
    });
  });
}
