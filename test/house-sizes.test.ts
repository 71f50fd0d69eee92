import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Small files with one job (issue 44): no source file over 400 lines, none of the HTTP layer over
 * 120. A file a script writes (its first line says so: the OpenAPI examples' photos) is data, and
 * is not held to it.
 */
const ROOT = resolve(import.meta.dirname, '..');
const sources = (dir: string): string[] =>
  readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sources(`${dir}/${entry.name}`)
      : /\.(ts|js)$/.test(entry.name)
        ? [`${dir}/${entry.name}`]
        : [],
  );
const lines = (file: string) => readFileSync(join(ROOT, file), 'utf8').split('\n');
const written = (file: string) => /^\/\/ Written by `npm run /.test(lines(file)[0] ?? '');

describe('the size of the source files', () => {
  it.each([
    ['src', 400],
    ['src/http', 120],
  ] as const)('no file under %s is longer than %i lines', (dir, most) => {
    const long = sources(dir)
      .filter((file) => !written(file))
      .map((file) => [file, lines(file).length] as const)
      .filter(([, n]) => n > most);
    expect(long).toEqual([]);
  });
});
