import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { MIN_PHOTOS_PER_LABEL, PENALTIES } from '../../src/training/train-head.js';
import { drawnPhotos, tinted, writeHeadFolder } from '../fixtures/head-folders.js';
import { runProcess, type Run } from '../fixtures/run-process.js';
import { closeUp, sceneJpeg } from '../../scripts/support/scenes.js';
import { cleanEnv, CLI, ROOT, serve } from '../fixtures/served-cli.js';
import { tempDir } from '../fixtures/temp-dir.js';
import { label, meanColourBackbone } from '../fixtures/trained-heads.js';

// Skin-like pink, and two tints no skin has: a head on the backbone's mean colour tells them apart.
const PINK: readonly [number, number, number] = [234, 176, 164];
const GREEN: readonly [number, number, number] = [110, 170, 110];
const BLUE: readonly [number, number, number] = [110, 130, 200];

const HEAD = {
  name: 'colour-skin',
  operation: 'skin',
  labels: {
    pink: label('pink', 'moderate'),
    green: label('green', 'normal'),
    blue: label('blue', 'mild'),
  },
};

/** `pawlens heads …` as a user types it, on `modelsDir`, whose backbone is the mean-colour one (always here, no download). */
const heads = (modelsDir: string, ...args: string[]): Promise<Run> =>
  runProcess(process.execPath, [CLI, 'heads', ...args], {
    cwd: ROOT,
    env: cleanEnv({ PAWLENS_MODELS_DIR: modelsDir }),
  });

const failed = (run: Run, message: RegExp) => {
  expect(run.code, run.stdout + run.stderr).toBe(1);
  expect(run.stderr).toMatch(message);
  expect(run.stderr).not.toMatch(/^\s+at .+:\d+:\d+\)?$/m);
};

const colourPhotos = async (count = MIN_PHOTOS_PER_LABEL, seed = 1) => ({
  pink: await drawnPhotos(tinted(PINK), count, seed),
  green: await drawnPhotos(tinted(GREEN), count, seed + 1),
  blue: await drawnPhotos(tinted(BLUE), count, seed + 2),
});

describe('pawlens heads: train, evaluate, list, remove, and the head answering after a restart', () => {
  const modelsDir = tempDir('pawlens-heads-cli-');
  let trainDir: string;
  beforeAll(async () => {
    meanColourBackbone(modelsDir);
    trainDir = writeHeadFolder(tempDir(), HEAD, await colourPhotos());
  });

  it('train --json reports the cross-validated figures and installs the head', async () => {
    const run = await heads(modelsDir, 'train', '--from', trainDir, '--json');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.trim().split('\n')).toHaveLength(1);
    const report = JSON.parse(run.stdout);
    expect(report).toMatchObject({
      name: 'colour-skin',
      operation: 'skin',
      accuracy: 1,
      n: 60,
      labels: ['blue', 'green', 'pink'],
      counts: { blue: 20, green: 20, pink: 20 },
      per_label: { pink: { precision: 1, recall: 1, n: 20 } },
      confusion: { pink: { pink: 20, green: 0, blue: 0 } },
      precision: 0.9,
      scenes: 60,
      folds: 5,
      backbone: 'mean-colour',
    });
    expect(report.threshold).toBeGreaterThanOrEqual(0.5);
    expect(PENALTIES).toContain(report.penalty);
    expect(existsSync(join(modelsDir, 'colour-skin', 'head.onnx'))).toBe(true);
    // Not a terminal: no progress lines to spoil a log.
    expect(run.stderr).toBe('');
  });

  it('the plain report gives accuracy, per-label figures, the confusion matrix and the threshold', async () => {
    const run = await heads(modelsDir, 'train', '--from', trainDir);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('Cross-validated accuracy (5 folds, seed 1): 100.0% of 60 photos');
    expect(run.stdout).toMatch(/pink\s+20\s+1\.00\s+1\.00/);
    expect(run.stdout).toMatch(/right at least 90\.0% of the time/);
    expect(run.stdout).toMatch(/probability the head says it is unsure/);
    expect(run.stdout).toContain('Restart pawlens to use it');
    // Only the mean-colour backbone here: the report says the head reads it alone, and how to add SqueezeNet.
    expect(run.stdout).toContain(
      'This head reads no features of squeezenet1.0 or yolox-nano: they are among the recommended models',
    );
  });

  it('on a terminal it shows its progress', async () => {
    const command = `${process.execPath} ${CLI} heads train --from ${trainDir}`;
    const run = await runProcess('script', ['-qec', command, '/dev/null'], {
      cwd: ROOT,
      env: cleanEnv({ PAWLENS_MODELS_DIR: modelsDir }),
    });
    expect(run.code, run.stdout).toBe(0);
    expect(run.stdout).toContain('Reading photos: 60/60');
    // Each fold of each pooling, to the last.
    expect(run.stdout).toMatch(/Cross-validating: (\d+)\/\1\b/);
  });

  // About a dozen CLI runs and a server start, each a Node process that loads the models: 17 s alone,
  // over 60 s while the whole suite runs on two cores.
  it('evaluate --json on photos it never saw; list shows it with that figure; the service uses it after a restart', async () => {
    // Four photos a label: a figure, but none worth quoting ("right on 100% of 2 photos").
    const few = writeHeadFolder(tempDir(), undefined, await colourPhotos(4, 50));
    const tooFew = await heads(modelsDir, 'evaluate', 'colour-skin', '--from', few);
    expect(tooFew.code, tooFew.stderr).toBe(0);
    expect(tooFew.stdout).toMatch(/Not recorded: a figure worth quoting needs at least 10 photos of every label/);
    expect(JSON.parse((await heads(modelsDir, 'list', '--json')).stdout)[0].held_out).toBeNull();
    expect((await heads(modelsDir, 'list')).stdout).toContain('not evaluated on photos it never saw');

    // Its own training photos are no test of it (issue 43: "100% of 36 photos it never saw"), and a
    // folder of one label is a figure of another question: both refused, nothing recorded.
    failed(
      await heads(modelsDir, 'evaluate', 'colour-skin', '--from', trainDir),
      /Every photo in .* is one colour-skin was trained on/,
    );
    // Nor are its training photos re-saved smaller, or mirrored: other bytes, the same photos.
    const training = await colourPhotos();
    const copies = Object.fromEntries(
      await Promise.all(
        Object.entries(training).map(async ([name, photos]) => [
          name,
          await Promise.all(
            photos.map((photo, i) =>
              (i % 2 ? sharp(photo).flop() : sharp(photo).resize({ width: 100 })).jpeg({ quality: 70 }).toBuffer(),
            ),
          ),
        ]),
      ),
    );
    failed(
      await heads(modelsDir, 'evaluate', 'colour-skin', '--from', writeHeadFolder(tempDir(), undefined, copies)),
      /Every photo in .* is one colour-skin was trained on, or a copy of one/,
    );
    const oneLabel = writeHeadFolder(tempDir(), undefined, await colourPhotos(10, 70));
    rmSync(join(oneLabel, 'blue'), { recursive: true });
    rmSync(join(oneLabel, 'green'), { recursive: true });
    failed(await heads(modelsDir, 'evaluate', 'colour-skin', '--from', oneLabel), /has no photos of blue, green/);
    expect(JSON.parse((await heads(modelsDir, 'list', '--json')).stdout)[0].held_out).toBeNull();

    const heldOut = writeHeadFolder(tempDir(), undefined, await colourPhotos(10, 50));
    const run = await heads(modelsDir, 'evaluate', 'colour-skin', '--from', heldOut, '--json');
    expect(run.code, run.stderr).toBe(0);
    const evaluation = JSON.parse(run.stdout);
    expect(evaluation).toMatchObject({
      accuracy: 1,
      n: 30,
      per_label: { blue: { n: 10 } },
      confusion: { blue: { blue: 10 } },
      recorded: true,
    });

    const listed = JSON.parse((await heads(modelsDir, 'list', '--json')).stdout);
    expect(listed).toEqual([
      expect.objectContaining({
        name: 'colour-skin',
        operation: 'skin',
        held_out: 1,
        held_out_photos: 30,
        cross_validated: 1,
      }),
    ]);
    expect((await heads(modelsDir, 'list')).stdout).toContain('held out 100.0% of 30');

    const dataDir = tempDir();
    const server = await serve(dataDir, { PAWLENS_MODELS_DIR: modelsDir, PAWLENS_LLM: 'off' });
    try {
      const ready = await (await fetch(`${server.url}/readyz`)).json();
      expect(JSON.stringify(ready)).toContain('"heads":{"skin":"colour-skin"}');
      const key = server.output().match(/pk_[A-Za-z0-9]{32}/)![0];
      // Pink skin with a few tan patches: a close-up the gate lets through, and pink to the head.
      const photo = await sceneJpeg(closeUp('#eab2a8', [['#d9a58c', 6]]));
      const response = await fetch(`${server.url}/api/v1/skin-analysis`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ image: photo.toString('base64'), language: 'es' }),
      });
      const body = await response.json();
      expect(body.data.condition, JSON.stringify(body)).toBe('pink (es)');
      expect(body.data.severity).toBe('moderate');
      expect(body.data.summary).toContain('30 fotos que no vio al entrenarse');
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }

    const removed = await heads(modelsDir, 'remove', 'colour-skin');
    expect(removed.code).toBe(0);
    expect(existsSync(join(modelsDir, 'colour-skin'))).toBe(false);
    expect((await heads(modelsDir, 'list')).stdout).toContain('No heads installed');
  }, 180_000);
});

describe('pawlens heads: what it refuses, and what it reports', () => {
  const modelsDir = tempDir('pawlens-heads-cli-');
  beforeAll(() => {
    meanColourBackbone(modelsDir);
  });

  it('a label with fewer than 20 photos, naming it and its count', async () => {
    const photos = await colourPhotos();
    const dir = writeHeadFolder(tempDir(), HEAD, { ...photos, blue: photos.blue.slice(0, 19) });
    failed(await heads(modelsDir, 'train', '--from', dir), /at least 20 photos; blue has 19/);
  });

  it('a head no better than chance, and installs nothing', async () => {
    // One kind of photo under three labels at random: nothing to learn.
    const photos = await drawnPhotos(tinted(PINK), 60, 90);
    const dir = writeHeadFolder(tempDir(), HEAD, {
      pink: photos.slice(0, 20),
      green: photos.slice(20, 40),
      blue: photos.slice(40),
    });
    failed(
      await heads(modelsDir, 'train', '--from', dir),
      /no better than naming the commonest label every time, so nothing was installed/,
    );
    expect(existsSync(join(modelsDir, 'colour-skin'))).toBe(false);
  });

  it('a precision outside 0.5–0.99', async () => {
    const dir = writeHeadFolder(tempDir(), HEAD, await colourPhotos());
    failed(
      await heads(modelsDir, 'train', '--from', dir, '--precision', '1.5'),
      /--precision must be a number from 0.5 to 0.99/,
    );
  });

  it('no head.json, a broken one, a folder that is no label, a label with no folder', async () => {
    const photos = await colourPhotos();
    failed(
      await heads(modelsDir, 'train', '--from', writeHeadFolder(tempDir(), undefined, photos)),
      /head\.json is missing/,
    );
    const bad = writeHeadFolder(tempDir(), { ...HEAD, operation: 'breed' }, photos);
    failed(
      await heads(modelsDir, 'train', '--from', bad),
      /operation must be one of stool, vomit, urine, skin, emotion, ear/,
    );
    const unrated = writeHeadFolder(tempDir(), { ...HEAD, labels: { ...HEAD.labels, pink: label('pink') } }, photos);
    failed(await heads(modelsDir, 'train', '--from', unrated), /label "pink" needs a severity/);
    const stray = writeHeadFolder(tempDir(), HEAD, { ...photos, purple: photos.pink });
    failed(await heads(modelsDir, 'train', '--from', stray), /folders that are not labels of the head \(purple\)/);
    const { blue: _, ...twoFolders } = photos;
    failed(
      await heads(modelsDir, 'train', '--from', writeHeadFolder(tempDir(), HEAD, twoFolders)),
      /no folder for the label blue/,
    );
    failed(await heads(modelsDir, 'train'), /Usage: pawlens heads train --from DIR/);
    failed(await heads(modelsDir, 'evaluate', 'nothing-here', '--from', tempDir()), /No head named nothing-here/);
  });

  it('lists unreadable photos and the same photo under two labels, leaves them out, and trains on the rest', async () => {
    const photos = await colourPhotos(21);
    const dir = writeHeadFolder(tempDir(), HEAD, { ...photos, green: [...photos.green.slice(0, 20), photos.pink[0]!] });
    writeFileSync(join(dir, 'blue', 'broken.jpg'), 'this is not a photo');
    writeFileSync(join(dir, 'blue', 'notes.txt'), 'taken on Tuesday');
    // Photos filed by visit inside a label's folder are that label's.
    mkdirSync(join(dir, 'blue', 'visit 2'));
    writeFileSync(join(dir, 'blue', 'visit 2', 'IMG_0001.JPG'), (await drawnPhotos(tinted(BLUE), 1, 77))[0]!);
    const run = await heads(modelsDir, 'train', '--from', dir, '--json');
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout);
    expect(report.unreadable).toEqual([
      { path: join(dir, 'blue', 'broken.jpg'), why: expect.stringMatching(/not JPG, PNG or WEBP/) },
    ]);
    expect(report.conflicting).toEqual([
      {
        labels: expect.arrayContaining(['pink', 'green']),
        paths: expect.arrayContaining([join(dir, 'pink', 'photo-000.jpg'), join(dir, 'green', 'photo-020.jpg')]),
      },
    ]);
    expect(report.skipped).toEqual([join(dir, 'blue', 'notes.txt')]);
    expect(report.counts).toEqual({ blue: 22, green: 20, pink: 20 });
  });

  it('a backbone with no penultimate features, or none at all', async () => {
    const photos = await colourPhotos();
    const dir = writeHeadFolder(tempDir(), HEAD, photos);
    failed(await heads(tempDir(), 'train', '--from', dir), /No classifier is installed/);
    // A classifier whose manifest names no penultimate features (SqueezeNet's catalogue entry is one).
    const plain = tempDir('pawlens-heads-cli-');
    meanColourBackbone(plain);
    const manifestPath = join(plain, 'mean-colour', 'manifest.json');
    const { penultimate: _, ...manifest } = JSON.parse(readFileSync(manifestPath, 'utf8'));
    writeFileSync(manifestPath, JSON.stringify(manifest));
    failed(await heads(plain, 'train', '--from', dir), /mean-colour does not say where its penultimate features are/);
  });

  it('a second head for an operation that has one, and a name an installed model already has', async () => {
    const modelsDir = tempDir('pawlens-heads-cli-');
    meanColourBackbone(modelsDir);
    const photos = await colourPhotos();
    const first = await heads(
      modelsDir,
      'train',
      '--from',
      writeHeadFolder(tempDir(), { ...HEAD, name: 'first-skin' }, photos),
    );
    expect(first.code, first.stderr).toBe(0);
    failed(
      await heads(modelsDir, 'train', '--from', writeHeadFolder(tempDir(), { ...HEAD, name: 'second-skin' }, photos)),
      /first-skin already answers for skin; remove it first/,
    );
    failed(
      await heads(
        modelsDir,
        'train',
        '--from',
        writeHeadFolder(tempDir(), { ...HEAD, name: 'mean-colour', operation: 'ear' }, photos),
      ),
      /mean-colour is an installed classifier, not a head/,
    );
  });
});
