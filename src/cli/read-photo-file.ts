import { open } from 'node:fs/promises';
import { ApiError } from '../contract/api-error.js';
import { DEFAULT_INTAKE_LIMITS } from '../image/decode-image.js';

/**
 * The photo file `pawlens analyze` was given, read up to one byte past the intake's limit: a path
 * such as /dev/zero, a pipe or a 4 GB video is refused as the HTTP route refuses it, not read into
 * memory until the process dies.
 */
export async function readPhotoFile(file: string, maxBytes = DEFAULT_INTAKE_LIMITS.maxBytes): Promise<Buffer> {
  const handle = await open(file, 'r').catch(() => {
    throw new Error(`Cannot read ${file}.`);
  });
  try {
    const buffer = Buffer.alloc(maxBytes + 1);
    let filled = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, null).catch(() => {
        throw new Error(`Cannot read ${file}.`);
      });
      if (bytesRead === 0) return buffer.subarray(0, filled);
      filled += bytesRead;
      if (filled > maxBytes)
        throw new ApiError('IMAGE_TOO_LARGE', `${file} is larger than the ${maxBytes / 1024 / 1024} MiB limit.`);
    }
  } finally {
    await handle.close();
  }
}
