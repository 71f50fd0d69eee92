import type { IncomingMessage } from 'node:http';
import type { Readable, Transform } from 'node:stream';
import { createGunzip, createInflate } from 'node:zlib';
import { ApiError } from '../../contract/api-error.js';
import { ClientGoneError } from './client-gone.js';
import { tooSlowMessage, type UploadPace, watchUploadPace } from './upload-pace.js';

/** What a body may be: its size once decoded, and its pace on the wire. */
export interface BodyLimits {
  readonly maxBytes: number;
  readonly pace: UploadPace;
  /** What the client is told when the body is over `maxBytes`. */
  readonly tooLarge: () => ApiError;
}

/** gzip and deflate are decoded (as body-parser did); the limit holds for the decoded bytes, so no small bomb inflates past it. */
function decoder(req: IncomingMessage): Transform | undefined {
  const encoding = (req.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
  if (encoding === 'identity') return undefined;
  if (encoding === 'gzip' || encoding === 'x-gzip') return createGunzip();
  if (encoding === 'deflate') return createInflate();
  throw new ApiError(
    'UNSUPPORTED_MEDIA_TYPE',
    `Content-Encoding ${encoding.slice(0, 40)} is not accepted; send gzip, deflate or none.`,
  );
}

/**
 * The request's body, whole, once it has arrived. Refused as soon as it is known to be too much
 * (over the limit as it arrives, chunked or not: never read to its end first) or too slow (under
 * the pace after its grace); the rest of it is then left to the error handler, which reads and
 * drops a bounded amount so the client can still read its answer. A client that hangs up mid-body
 * rejects with ClientGoneError.
 */
export function readBody(req: IncomingMessage, limits: BodyLimits): Promise<Buffer> {
  const inflate = decoder(req);
  const stream: Readable = inflate ? req.pipe(inflate) : req;
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (error: Error | undefined) => {
      stopWatching();
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.off('error', onError);
      req.off('close', onClose);
      if (!error) return resolve(Buffer.concat(chunks, size));
      // Stop reading here; what is left of the body is the error handler's to drop or to cut.
      if (inflate) {
        req.unpipe(inflate);
        inflate.destroy();
      }
      req.pause();
      reject(error);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limits.maxBytes) finish(limits.tooLarge());
      else chunks.push(chunk);
    };
    const onEnd = () => finish(undefined);
    const onError = () =>
      finish(
        new ApiError(
          'VALIDATION_ERROR',
          'The request body could not be read: its Content-Encoding does not match its bytes.',
        ),
      );
    const onClose = () => {
      if (!req.complete) finish(new ClientGoneError());
    };
    const stopWatching = watchUploadPace(req.socket, limits.pace, () =>
      finish(new ApiError('REQUEST_TIMEOUT', tooSlowMessage(limits.pace))),
    );
    stream.on('data', onData);
    stream.once('end', onEnd);
    stream.once('error', onError);
    req.once('close', onClose);
  });
}
