import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/**
 * How long a connection must have been without a request in progress (still sending its headers,
 * or idle between keep-alive requests) before, with the cap reached, it can give its place to a
 * new one. Short: an attacker who reconnects faster than this to stay fresh needs thousands of
 * connections a second, and a real client's headers come in one packet, milliseconds after it
 * connects; not zero, so that clients arriving together do not push each other out.
 */
const STALLED_AFTER_MS = 100;

/** Where a connection stands: whether a request of its is being handled, and since when it has not been. */
interface ConnectionState {
  busy: boolean;
  idleSince: number;
}

/** The TCP connection under a request's socket (for HTTPS, the TLS socket's own transport). */
const transportOf = (socket: Socket): Socket => (socket as Socket & { _parent?: Socket })._parent ?? socket;

/**
 * At most `max` open connections, as Node's maxConnections would, but the newcomer is not the one
 * that loses when a place can be made: the connection that has gone longest without a request in
 * progress (for at least STALLED_AFTER_MS) is closed for it. Connections that open and then say
 * nothing, or send a header a minute, and reconnect as soon as they are cut (slowloris), so never
 * keep out a client that is about to send its request; a connection whose request is being
 * answered is never the one closed.
 */
export function capConnections(server: Server, max: number): void {
  const open = new Map<Socket, ConnectionState>();
  server.on('connection', (socket: Socket) => {
    if (open.size >= max) {
      const stalled = longestStalled(open, Date.now());
      if (!stalled) {
        socket.destroy();
        return;
      }
      open.delete(stalled);
      stalled.destroy();
    }
    open.set(socket, { busy: false, idleSince: Date.now() });
    socket.once('close', () => open.delete(socket));
  });
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const state = open.get(transportOf(request.socket));
    if (!state) return;
    state.busy = true;
    response.once('close', () => {
      state.busy = false;
      state.idleSince = Date.now();
    });
  });
}

function longestStalled(open: Map<Socket, ConnectionState>, now: number): Socket | undefined {
  let oldest: Socket | undefined;
  let oldestSince = now - STALLED_AFTER_MS;
  for (const [socket, state] of open) {
    if (!state.busy && state.idleSince <= oldestSince) {
      oldest = socket;
      oldestSince = state.idleSince;
    }
  }
  return oldest;
}
