import type { Socket } from 'node:net';
import type { Request, Response } from 'express';
import type { ApiError } from '../../contract/api-error.js';
import { type UploadPace, watchUploadPace } from './upload-pace.js';

/**
 * Body bytes read and dropped after an answer given before the body was read, at most: more than
 * any body the service takes (a 3 MiB photo's 5 MiB of JSON) and a photo somewhat over the limit.
 */
const DRAIN_LIMIT_BYTES = 16 * 1024 * 1024;
/** How long a cut connection may still deliver its answer before it is destroyed. */
const CLOSE_GRACE_MS = 2_000;

/** Destroys `socket` once it has had CLOSE_GRACE_MS to deliver what was written to it. */
export const destroyAfterGrace = (socket: Socket): void =>
  void setTimeout(() => socket.destroy(), CLOSE_GRACE_MS).unref();

/** Sockets whose request was answered while its body still arrives: Node's own timeouts must not answer it a second time. */
export const answeredEarly = new WeakSet<object>();

/**
 * `Connection: close`, no more of the body read, and the socket destroyed a moment after the
 * answer went out: for a body too large or too slow to be worth reading. A client still sending
 * may lose the answer to the reset; nothing else holds the server for as long as it likes.
 */
function cutAfterAnswer(req: Request, res: Response): void {
  res.setHeader('Connection', 'close');
  req.unpipe();
  req.pause();
  res.once('finish', () => destroyAfterGrace(req.socket));
}

/**
 * What becomes of the unread rest of a body once the answer to its request is given early (a bad
 * key, no credits, a body over the limit, a busy server). Many clients send their whole body
 * before they read a byte (Python's urllib, Node's fetch at times): if the server stopped reading
 * and closed, their send would fail with a broken pipe and they would never see the answer. So the
 * answer goes out now, the rest is read and dropped, up to DRAIN_LIMIT_BYTES and at the upload
 * pace, and only then is the connection closed (a lingering close), where the client asked for
 * that; past either bound, or for a body declared larger, it is cut after the answer.
 */
export function settleUnreadBody(req: Request, res: Response, error: ApiError | undefined, pace: UploadPace): void {
  const declared = Number(req.headers['content-length']);
  if (error?.code === 'REQUEST_TIMEOUT' || declared > DRAIN_LIMIT_BYTES) {
    cutAfterAnswer(req, res);
    return;
  }
  // Node would close the connection as soon as the answer is out when the client said
  // "Connection: close" (urllib does), with the body still arriving: the reset that follows is
  // the broken pipe. Kept open, the connection is closed here once the body is in.
  const clientCloses = !res.shouldKeepAlive;
  res.shouldKeepAlive = true;
  let dropped = 0;
  answeredEarly.add(req.socket);
  const stop = () => {
    stopWatching();
    req.off('data', drop);
    answeredEarly.delete(req.socket);
  };
  const cut = () => {
    stop();
    // The answer went out before the drain began; it has had the whole drain to be read.
    req.socket.destroy();
  };
  const drop = (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > DRAIN_LIMIT_BYTES) cut();
  };
  const stopWatching = watchUploadPace(req.socket, pace, cut);
  req.once('end', () => {
    stop();
    if (!clientCloses) return;
    const socket = req.socket;
    const close = () => {
      socket.end();
      destroyAfterGrace(socket);
    };
    if (res.writableFinished) close();
    else res.once('finish', close);
  });
  req.once('close', stop);
  req.on('data', drop);
  req.resume();
}
