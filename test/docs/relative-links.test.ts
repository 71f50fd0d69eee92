import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../fixtures/served-cli.js';

/** The Markdown a user reads: the README and everything under docs/. */
const PAGES = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

/** Each `[text](target)` of a page whose target is a path, not a web address or an anchor of the same page. */
function relativeLinks(page: string): string[] {
  const text = readFileSync(join(ROOT, page), 'utf8');
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1]!)
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target) && !target.startsWith('#'));
}

describe('relative links in the README and docs (issue 41)', () => {
  it.each(PAGES)('%s: every one leads to a file of this repository', (page) => {
    const broken = relativeLinks(page).filter((target) => {
      const file = resolve(dirname(join(ROOT, page)), decodeURI(target.split('#')[0]!));
      // A link out of the repository (../shared/…) is broken in a user's clone, even where it resolves here.
      return relative(ROOT, file).startsWith('..') || !existsSync(file);
    });
    expect(broken).toEqual([]);
  });

  it('finds the links it checks', () => {
    expect(relativeLinks('README.md')).toContain('docs/scaling.md');
  });
});
