import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { ModelLoadError } from './model-load-error.js';

/** What an install may read of one file, and for how long: a mirror or a folder cannot make it read for ever. */
export interface ReadBounds {
  /** More bytes than this and the file is refused as it is read (the catalogue's size where it knows it). */
  readonly maxBytes: number;
  /** The whole download, from the request to its last byte. */
  readonly deadlineMs: number;
  /** No byte for this long and the download is given up. */
  readonly stallMs: number;
}

export const DEFAULT_READ_BOUNDS: ReadBounds = { maxBytes: 256 << 20, deadlineMs: 10 * 60_000, stallMs: 30_000 };
/** A mirror may redirect this many times, and only to its own host. */
const MAX_REDIRECTS = 5;

const tooLarge = (what: string, maxBytes: number) =>
  new ModelLoadError(
    `${what} is larger than the ${maxBytes} bytes it should have: it is not the file the catalogue pins.`,
  );

/**
 * A file of a folder, read only if it is a regular file (a symlink to one is fine) no larger than
 * `maxBytes`: a device (/dev/zero), a FIFO or a socket is refused before a byte is read, and the
 * open does not wait for a FIFO's writer.
 */
export async function readRegularFile(path: string, maxBytes: number): Promise<Buffer> {
  const handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK).catch((error: NodeJS.ErrnoException) => {
    throw new ModelLoadError(
      error.code === 'ENOENT' ? `${path} is missing.` : `${path} cannot be read: ${error.code ?? error.message}.`,
    );
  });
  try {
    const stats = await handle.stat();
    if (!stats.isFile())
      throw new ModelLoadError(`${path} is not a regular file (a device, a FIFO or a folder): refused.`);
    if (stats.size > maxBytes) throw tooLarge(path, maxBytes);
    const bytes = Buffer.alloc(stats.size);
    const { bytesRead } = await handle.read(bytes, 0, stats.size, 0);
    return bytes.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * A download that stops: at most `maxBytes` (refused as soon as more arrive), within the deadline,
 * and given up when no byte comes for `stallMs`. Redirects are followed at most MAX_REDIRECTS
 * times, and only to the same origin (scheme, host and port) for a mirror: a mirror cannot send
 * the install elsewhere. A catalogue's own address (`upstream`) may redirect to another HTTPS host,
 * as github.com's raw links do to their content hosts; its bytes are checked against the pinned
 * sha256 all the same.
 */
export async function boundedDownload(
  url: URL,
  fetcher: typeof fetch,
  bounds: ReadBounds,
  { upstream = false }: { readonly upstream?: boolean } = {},
): Promise<Uint8Array> {
  const deadline = AbortSignal.timeout(bounds.deadlineMs);
  const stall = new AbortController();
  const signal = AbortSignal.any([deadline, stall.signal]);
  let stallTimer = setTimeout(() => stall.abort(), bounds.stallMs);
  const stillArriving = () => {
    clearTimeout(stallTimer);
    stallTimer = setTimeout(() => stall.abort(), bounds.stallMs);
  };
  const why = () =>
    deadline.aborted
      ? `it did not finish within ${bounds.deadlineMs / 1000} s`
      : `nothing arrived for ${bounds.stallMs / 1000} s`;
  try {
    let at = url;
    for (let redirects = 0; ; redirects++) {
      const response = await fetcher(at, { redirect: 'manual', signal }).catch((error: Error) => {
        throw signal.aborted ? new ModelLoadError(`Cannot download ${at}: ${why()}.`) : networkError(at, error);
      });
      if (response.status >= 300 && response.status < 400) {
        const location = response.headers.get('location');
        await response.body?.cancel();
        if (!location) throw new ModelLoadError(`Cannot download ${at}: HTTP ${response.status} without a Location.`);
        const next = new URL(location, at);
        const allowed = upstream ? next.protocol === 'https:' : next.origin === url.origin;
        if (!allowed)
          throw new ModelLoadError(
            `Cannot download ${at}: it redirects to ${next.origin}, ${upstream ? 'not HTTPS' : 'another host'}; refused.`,
          );
        if (redirects >= MAX_REDIRECTS)
          throw new ModelLoadError(`Cannot download ${url}: more than ${MAX_REDIRECTS} redirects (a loop?).`);
        at = next;
        stillArriving();
        continue;
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new ModelLoadError(`Cannot download ${at}: HTTP ${response.status}.`);
      }
      const declared = Number(response.headers.get('content-length') ?? Number.NaN);
      if (declared > bounds.maxBytes) {
        await response.body?.cancel();
        throw tooLarge(String(at), bounds.maxBytes);
      }
      return await readCapped(response, at, bounds.maxBytes, stillArriving, (error) =>
        signal.aborted ? why() : (error as Error).message,
      );
    }
  } finally {
    clearTimeout(stallTimer);
  }
}

async function readCapped(
  response: Response,
  at: URL,
  maxBytes: number,
  stillArriving: () => void,
  why: (error: unknown) => string,
): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = response.body?.getReader();
  if (!reader) return new Uint8Array();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      stillArriving();
      total += value.byteLength;
      if (total > maxBytes) throw tooLarge(String(at), maxBytes);
      chunks.push(value);
    }
  } catch (error) {
    await reader.cancel().catch(() => undefined);
    if (error instanceof ModelLoadError) throw error;
    throw new ModelLoadError(`Cannot download ${at}: ${why(error)}.`);
  }
  return Buffer.concat(chunks);
}

function networkError(url: URL, error: Error): ModelLoadError {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const detail = cause?.code ?? cause?.message ?? error.message;
  return new ModelLoadError(
    `Cannot download ${url}: ${detail}. Without a network (an air-gapped host), copy the model's folder, or a folder of model folders, onto this host and install from it: pawlens models install NAME --from DIR.`,
  );
}
