import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../fixtures/served-cli.js';

describe('the README (issue 44)', () => {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');

  it('is for a newcomer: at most 400 lines, operator material in docs/', () => {
    expect(readme.split('\n').length).toBeLessThanOrEqual(400);
  });

  it('starts with the two commands a new user needs: install and start, then test', () => {
    const firstBlock = /```sh\n([\s\S]*?)```/.exec(readme)![1]!;
    expect(firstBlock).toMatch(/^npm ci && npm start\b/m);
    expect(firstBlock).toMatch(/^npm test\b/m);
  });
});
