/**
 * A head writes only inside its own folder (issue 43): a name that is one of pawlens' own files or
 * folders, or that an operator's folder already has, is refused before anything is touched; and
 * `heads evaluate` takes an installed head's name, never a path.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { evaluateHead } from '../../src/training/evaluate-head.js';
import { readHeadDefinition } from '../../src/training/head-folder.js';
import { installTrained } from '../../src/training/install-trained.js';
import type { ModelManifest, TrainedHeadSpec } from '../../src/vision/runtime/model-manifest.js';
import { tempDir } from '../fixtures/temp-dir.js';
import { type HeadFixture, installFixedHead, label, meanColourBackbone } from '../fixtures/trained-heads.js';
import { loadAnalysisModels } from '../../src/analysis/load-analysis-models.js';

const headJson = (dir: string, name: string) =>
  writeFileSync(
    join(dir, 'head.json'),
    JSON.stringify({ name, operation: 'skin', labels: { ok: label('ok', 'normal'), sore: label('sore', 'mild') } }),
  );

/** A models folder as a checkout has it, with an operator's notes beside the models. */
function modelsFolder(): string {
  const dir = tempDir('pawlens-head-names-');
  mkdirSync(join(dir, 'builtin'));
  writeFileSync(join(dir, 'builtin', 'keep.txt'), 'built-in');
  writeFileSync(join(dir, 'catalogue.json'), '{"keep":true}');
  mkdirSync(join(dir, 'notes'));
  writeFileSync(join(dir, 'notes', 'todo.txt'), 'the operator’s');
  return dir;
}

const manifestNamed = (name: string) =>
  ({ name, task: 'trained-head', file: 'model.onnx' }) as unknown as ModelManifest;
const untouched = (dir: string) => {
  expect(readFileSync(join(dir, 'catalogue.json'), 'utf8')).toBe('{"keep":true}');
  expect(readFileSync(join(dir, 'builtin', 'keep.txt'), 'utf8')).toBe('built-in');
  expect(readFileSync(join(dir, 'notes', 'todo.txt'), 'utf8')).toBe('the operator’s');
};

describe("a head's name", () => {
  it.each(['catalogue.json', 'builtin', 'trained', 'readme.md'])(
    'head.json naming it "%s" is refused',
    async (name) => {
      const folder = tempDir('pawlens-head-json-');
      headJson(folder, name);
      await expect(readHeadDefinition(folder)).rejects.toThrow(/pawlens' own files or folders/);
    },
  );

  it.each(['catalogue.json', 'builtin', 'notes'])(
    'installing a head named "%s" touches nothing, in a models folder that has it',
    async (name) => {
      const dir = modelsFolder();
      await expect(
        installTrained(dir, new Uint8Array([1, 2, 3]), manifestNamed(name), { noun: 'head', check: () => undefined }),
      ).rejects.toThrow(/cannot name a head|exists and is not an installed model/);
      untouched(dir);
      expect(existsSync(join(dir, name, 'model.onnx'))).toBe(false);
    },
  );

  it('heads evaluate takes an installed head’s name, never a path outside the models folder', async () => {
    const dir = modelsFolder();
    const outside = tempDir('pawlens-outside-');
    writeFileSync(join(outside, 'manifest.json'), '{}');
    for (const name of [`../${outside.split('/').at(-1)}`, outside, 'notes', 'builtin'])
      await expect(evaluateHead(name, outside, { modelsDir: dir })).rejects.toThrow(/No head named .* is installed/);
    expect(readFileSync(join(outside, 'manifest.json'), 'utf8')).toBe('{}');
    untouched(dir);
  });
});

describe("a label's name", () => {
  const withLabels = (labels: Record<string, unknown>) => {
    const folder = tempDir('pawlens-head-labels-');
    writeFileSync(join(folder, 'head.json'), JSON.stringify({ name: 'scabies', operation: 'skin', labels }));
    return readHeadDefinition(folder);
  };
  const sentences = 'possible scabies. Mites burrow. It itches. Treat it now. See a vet';

  it('of several sentences is refused at training, in any language, before a photo is read (a 500 in every answer naming it, issue 43)', async () => {
    const sore = label('sore', 'mild');
    for (const language of ['en', 'zh', 'es'] as const)
      await expect(
        withLabels({ ok: label('ok', 'normal'), sore: { ...sore, name: { ...sore.name, [language]: sentences } } }),
      ).rejects.toThrow(/one short phrase/);
    await expect(
      withLabels({ ok: label('ok', 'normal'), sore: { ...sore, name: { ...sore.name, zh: '疥螨。会痒' } } }),
    ).rejects.toThrow(/one short phrase/);
    await expect(
      withLabels({ ok: label('ok', 'normal'), sore: { ...sore, name: { ...sore.name, en: 'x'.repeat(61) } } }),
    ).rejects.toThrow(/one short phrase|60/);
  });

  // Found replaying issue 43's attack: a sentence breaker ends a sentence at more than ". ! ? ;".
  it.each([
    'scabies‼ mites burrow‼ it itches',
    'scabies\u2028Mites burrow\u2028It itches',
    'scabies\u2029Mites burrow',
    'scabies। Mites burrow। It itches',
    'scabies⁉ Mites burrow',
    'scabies؟ Mites burrow',
    'scabies። Mites burrow',
  ])('ending a sentence in any script (%j) is refused too', async (name) => {
    const sore = label('sore', 'mild');
    await expect(
      withLabels({ ok: label('ok', 'normal'), sore: { ...sore, name: { ...sore.name, es: name } } }),
    ).rejects.toThrow(/one short phrase/);
  });

  it('keeps what a phrase may hold: an ellipsis, a full-width stop between words, brackets, another script', async () => {
    const sore = label('sore', 'mild');
    for (const name of [
      'possible scabies…',
      'ringworm (Microsporum)',
      '可能是疥螨',
      'posible sarna',
      'otitis externa, left ear',
    ])
      await expect(
        withLabels({ ok: label('ok', 'normal'), sore: { ...sore, name: { ...sore.name, en: name } } }),
      ).resolves.toBeDefined();
  });

  it.each(['__proto__', 'constructor', 'prototype'])(
    'named "%s" is refused, not dropped without a word',
    async (name) => {
      const folder = tempDir('pawlens-head-labels-');
      writeFileSync(
        join(folder, 'head.json'),
        `{"name":"odd","operation":"skin","labels":{"ok":${JSON.stringify(label('ok', 'normal'))},"sore":${JSON.stringify(label('sore', 'mild'))},"${name}":${JSON.stringify(label('x', 'mild'))}}}`,
      );
      await expect(readHeadDefinition(folder)).rejects.toThrow(/cannot be named/);
    },
  );

  /** Starts pawlens on a head installed as training installs it, then edited in its manifest as `edit` says. */
  const startWithEditedHead = async (head: HeadFixture, edit: (manifest: { head: TrainedHeadSpec }) => void) => {
    const modelsDir = tempDir('pawlens-head-start-');
    await installFixedHead(modelsDir, meanColourBackbone(modelsDir), head);
    const manifestFile = join(modelsDir, head.name, 'manifest.json');
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
    edit(manifest);
    writeFileSync(manifestFile, JSON.stringify(manifest));
    return loadAnalysisModels({ modelsDir });
  };

  it('of several sentences in a head installed before the rule stops the start with what to fix, never a 500 in its answers', async () => {
    const head = {
      name: 'scabies',
      operation: 'skin',
      labels: { ok: label('ok', 'normal'), sore: label('sore', 'mild') },
      bias: [0, 0],
      threshold: 0.6,
    };
    // As an older pawlens wrote it: a label's name of several sentences in the manifest.
    await expect(
      startWithEditedHead(head, (manifest) => {
        manifest.head.labels.sore!.name.en = sentences;
      }),
    ).rejects.toThrow(/one short phrase/);
  });

  it('with a severity its operation cannot give, edited into an installed head, stops the start (never a 500 in its answers)', async () => {
    const head = {
      name: 'vomit-kinds',
      operation: 'vomit',
      labels: { food: label('food', 'mild'), bile: label('bile', 'mild') },
      bias: [0, 0],
      threshold: 0.6,
    };
    await expect(
      startWithEditedHead(head, (manifest) => {
        manifest.head.labels.food!.severity = 'normal';
      }),
    ).rejects.toThrow(
      /vomit-kinds answers for vomit, but its label "food" is "normal", which a vomit answer cannot be/,
    );
  });

  it('says a severity its operation can give: no vomit is normal, asked of the operation itself', async () => {
    const folder = tempDir('pawlens-head-vomit-');
    writeFileSync(
      join(folder, 'head.json'),
      JSON.stringify({
        name: 'vomit-kinds',
        operation: 'vomit',
        labels: { food: label('food', 'normal'), bile: label('bile', 'mild') },
      }),
    );
    await expect(readHeadDefinition(folder)).rejects.toThrow(
      /"normal", which a vomit answer cannot be \(its severities: mild, moderate, severe\)/,
    );
  });
});
