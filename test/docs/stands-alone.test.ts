import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../fixtures/served-cli.js';

/**
 * The repository stands alone (issue 44): the code cites the project's own docs/design.md and
 * docs/contract.md, never the team's notes beside the repository, and every section it cites exists.
 */
const files = (dir: string): string[] =>
  readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? entry.name === 'node_modules'
        ? []
        : files(`${dir}/${entry.name}`)
      : /\.(ts|js|css|html)$/.test(entry.name)
        ? [`${dir}/${entry.name}`]
        : [],
  );
const CODE = ['src', 'scripts', 'test', 'console'].flatMap(files);
const text = (file: string) => readFileSync(join(ROOT, file), 'utf8');
const headings = (doc: string) =>
  [...text(doc).matchAll(/^##+ ([0-9.–]+)/gm)].flatMap((match) => {
    const [from, to] = match[1]!.replace(/\.$/, '').split('–');
    if (!to) return [from!];
    // "2.3–2.7": every section between.
    const [major, first] = from!.split('.').map(Number);
    const last = Number(to.split('.')[1]);
    return Array.from({ length: last - first! + 1 }, (_, i) => `${major}.${first! + i}`);
  });

describe('the code cites what a clone has', () => {
  it('no file cites the team notes a clone does not have', () => {
    const notes = new RegExp(`(?<![\\w/.-])(${['DESIGN', 'SPEC'].join('|')})\\.md`);
    const citing = CODE.filter((file) => notes.test(text(file)));
    expect(citing).toEqual([]);
  });

  it.each([
    ['docs/design.md', /docs\/design\.md §([0-9.]+[0-9])/g],
    ['docs/contract.md', /docs\/contract\.md §([0-9.]+[0-9])/g],
  ] as const)('every section of %s the code cites exists', (doc, citation) => {
    const cited = new Set(CODE.flatMap((file) => [...text(file).matchAll(citation)].map((match) => match[1]!)));
    expect(cited.size).toBeGreaterThan(0);
    const sections = new Set(headings(doc));
    expect([...cited].filter((section) => !sections.has(section))).toEqual([]);
  });
});
