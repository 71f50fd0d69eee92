import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE, ERROR_CODES } from '../../src/contract/error-catalogue.js';

const TEST_DIR = join(import.meta.dirname, '..');

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? testFiles(join(dir, entry.name))
      : entry.name.endsWith('.test.ts')
        ? [join(dir, entry.name)]
        : [],
  );
}

describe('the error catalogue', () => {
  it('gives every code a status in the 4xx or 5xx range and a message a client can act on', () => {
    for (const code of ERROR_CODES) {
      const { status, message } = ERROR_CATALOGUE[code];
      expect(status, code).toBeGreaterThanOrEqual(400);
      expect(status, code).toBeLessThan(600);
      expect(message.length, code).toBeGreaterThan(20);
    }
  });

  it('documents every code in the README', () => {
    const readme = readFileSync(join(TEST_DIR, '..', 'README.md'), 'utf8');
    for (const code of ERROR_CODES) expect(readme, code).toContain(`\`${code}\``);
  });

  it('has every code provoked over HTTP and checked as a closed envelope by the suite that owns it', () => {
    // Each area's suite (keys, credits, idempotency, the HTTP layer's own errors) provokes its codes
    // and checks the envelope with the shared expectErrorEnvelope; a code no suite checks fails here.
    const checking = testFiles(TEST_DIR)
      .map((file) => readFileSync(file, 'utf8'))
      .filter((text) => /expectErrorEnvelope\(|expectRefused\(/.test(text));
    const unchecked = ERROR_CODES.filter((code) => !checking.some((text) => text.includes(`'${code}'`)));
    expect(unchecked).toEqual([]);
  });
});
