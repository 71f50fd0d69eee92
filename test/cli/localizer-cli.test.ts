import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { photographed } from '../../scripts/support/scenes.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadAnalysisModels } from '../../src/analysis/load-analysis-models.js';
import { createPipeline } from '../../src/analysis/pipeline.js';
import { seededRandom } from '../../src/vision/runtime/seeded-random.js';
import { runProcess, type Run } from '../fixtures/run-process.js';
import { cleanEnv, CLI, ROOT } from '../fixtures/served-cli.js';
import { tempDir } from '../fixtures/temp-dir.js';
import { meanColourBackbone } from '../fixtures/trained-heads.js';

const heads = (modelsDir: string, ...args: string[]): Promise<Run> =>
  runProcess(process.execPath, [CLI, 'heads', ...args], {
    cwd: ROOT,
    env: cleanEnv({ PAWLENS_MODELS_DIR: modelsDir }),
  });

const DEFINITION = { kind: 'localizer', name: 'lesion-finder', operation: 'skin', subject: 'lesion' };
const SKIN = '#eab2a8';
const LESION = '#d4a017';

const SHADES = ['#e2a89e', '#f0bcb2', '#dca59a', '#f3c4ba', '#e8b4a4'];

/**
 * A close-up of pink skin, mottled by `seed` (so that no two photos are copies of one another),
 * with a square yellow crust at (x, y), a share `side` of the photo wide, and its YOLO line.
 */
async function lesionPhoto(x: number, y: number, side: number, seed = 1): Promise<{ jpeg: Buffer; label: string }> {
  const size = 256;
  const random = seededRandom(seed);
  const mottles = Array.from(
    { length: 12 },
    () =>
      `<ellipse cx="${random() * size}" cy="${random() * size}" rx="${20 + random() * 40}" ry="${20 + random() * 40}" fill="${SHADES[Math.floor(random() * SHADES.length)]}"/>`,
  ).join('');
  const svg = `<svg width="${size}" height="${size}"><rect width="${size}" height="${size}" fill="${SKIN}"/>${mottles}<rect x="${x * size}" y="${y * size}" width="${side * size}" height="${side * size}" fill="${LESION}"/></svg>`;
  return {
    jpeg: await (await photographed(Buffer.from(svg))).jpeg({ quality: 90 }).toBuffer(),
    label: `0 ${x + side / 2} ${y + side / 2} ${side} ${side}`,
  };
}

/** A YOLO export as annotation tools write it: 40 boxed lesions at seeded places, and 8 photos of bare skin. */
async function yoloExport(): Promise<string> {
  const dir = tempDir('pawlens-yolo-');
  mkdirSync(join(dir, 'images'));
  mkdirSync(join(dir, 'labels'));
  const random = seededRandom(5);
  for (let i = 0; i < 48; i++) {
    const name = `photo-${String(i).padStart(2, '0')}`;
    const side = 0.2 + random() * 0.1;
    const { jpeg, label } = await lesionPhoto(random() * (1 - side), random() * (1 - side), i < 40 ? side : 0, i + 1);
    writeFileSync(join(dir, 'images', `${name}.jpg`), jpeg);
    writeFileSync(join(dir, 'labels', `${name}.txt`), i < 40 ? `${label}\n` : '');
  }
  writeFileSync(join(dir, 'head.json'), JSON.stringify(DEFINITION));
  return dir;
}

describe('pawlens heads train on a YOLO export: a localizer for a clinic’s own subject', () => {
  const modelsDir = tempDir('pawlens-localizer-cli-');
  let from: string;
  beforeAll(async () => {
    // A backbone with the maps a localizer reads, that takes every photo for a tick (ImageNet's 78):
    // part of an animal, as MobileNetV2 reads lesion close-ups. One that read nothing (every class
    // alike) would give the lawn's classes 0.11 of its probability, and the generated close-up's
    // camera noise runs every way: a lawn to the gate (GROUND_LIMITS.lawnStrands).
    meanColourBackbone(modelsDir, 78, 'colour-maps', true);
    from = await yoloExport();
  });

  it('trains, reports held-out figures, installs it, and lists it', async () => {
    const run = await heads(modelsDir, 'train', '--from', from, '--json');
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout);
    expect(report).toMatchObject({
      name: 'lesion-finder',
      operation: 'skin',
      subject: 'lesion',
      backbone: 'colour-maps',
    });
    expect(report.held_out.cellAuc).toBeGreaterThan(0.9);
    expect(report.held_out.recall).toBeGreaterThan(0.8);
    const manifest = JSON.parse(readFileSync(join(modelsDir, 'lesion-finder', 'manifest.json'), 'utf8'));
    expect(manifest).toMatchObject({ task: 'localizer', operation: 'skin', localizer: { subject: 'lesion' } });
    const list = await heads(modelsDir, 'list');
    expect(list.stdout).toMatch(/lesion-finder {2}skin {2}localizer of lesion, held out: found \d/);
  });

  it('makes the operation’s colour rules read the boxed region', async () => {
    const models = await loadAnalysisModels({ modelsDir });
    try {
      expect(models.localizers.get('skin')?.name).toBe('lesion-finder');
      const pipeline = createPipeline(models);
      // A crust of 6% of the close-up: over the whole frame its colour is 6% of the shares; read
      // where the localizer puts it, it is most of them.
      const { jpeg } = await lesionPhoto(0.55, 0.3, 0.25);
      const image = await pipeline.decode('skin', jpeg);
      const assessed = await pipeline.assess('skin', {
        image,
        language: 'en',
        animalType: 'dog',
        requestId: 'req_localizer',
      });
      expect(assessed.verdict.judged, JSON.stringify(assessed.verdict)).toBe(true);
      const findings = assessed.verdict.judged
        ? (assessed.verdict.findings as { shares: Record<string, number> })
        : undefined;
      expect(findings?.shares.amber ?? 0).toBeGreaterThan(0.5);
    } finally {
      for (const model of models.loaded) await model.release();
    }
  });

  it('refuses a label file with a bad line, naming the file and the line, and installs nothing', async () => {
    const bad = await yoloExport();
    writeFileSync(join(bad, 'head.json'), JSON.stringify({ ...DEFINITION, name: 'bad-finder' }));
    writeFileSync(join(bad, 'labels', 'photo-07.txt'), '0 0.5 0.5 0.2 0.2\n0 1.2 0.5 0.2 0.2\n');
    const run = await heads(modelsDir, 'train', '--from', bad);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/labels\/photo-07\.txt, line 2: the box .* is not inside the image/);
    expect(existsSync(join(modelsDir, 'bad-finder'))).toBe(false);
  });

  it('refuses a second localizer for the same operation, and one with too few boxed photos', async () => {
    const rival = await yoloExport();
    writeFileSync(join(rival, 'head.json'), JSON.stringify({ ...DEFINITION, name: 'rival-finder' }));
    const run = await heads(modelsDir, 'train', '--from', rival);
    expect(run.stderr).toMatch(/lesion-finder already finds the subject of skin/);
    const few = await yoloExport();
    writeFileSync(join(few, 'head.json'), JSON.stringify({ ...DEFINITION, name: 'few-finder', operation: 'ear' }));
    for (let i = 10; i < 40; i++) writeFileSync(join(few, 'labels', `photo-${i}.txt`), '');
    const short = await heads(modelsDir, 'train', '--from', few);
    expect(short.stderr).toMatch(/has 10 photos with a lesion boxed; a localizer needs at least 30/);
  });
});
