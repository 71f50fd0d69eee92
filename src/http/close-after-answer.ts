import type { Request, Response } from 'express';

/** How long an answered connection may still deliver its answer before it is cut: the client reads it, or stops sending, by then. */
const CLOSE_GRACE_MS = 2_000;

/**
 * `Connection: close`, no more of the body read, and the socket destroyed a moment after the
 * answer went out. Closing at once with unread bytes would make the kernel reset the connection
 * and the client could lose the answer; reading on would let a client hold the server for as
 * long as its upload lasts (a 50 MB body read whole before its 413).
 */
export function closeAfterAnswer(req: Request, res: Response): void {
  res.setHeader('Connection', 'close');
  req.unpipe();
  req.pause();
  res.once('finish', () => setTimeout(() => req.socket.destroy(), CLOSE_GRACE_MS).unref());
}
