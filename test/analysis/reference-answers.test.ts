import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadAnalysisModels } from '../../src/analysis/load-analysis-models.js';
import { runPaidAnalysis } from '../../src/analysis/paid-analysis.js';
import { createPipeline, type Pipeline } from '../../src/analysis/pipeline.js';
import { OPERATION_KEYS, type OperationKey } from '../../src/operations/registry.js';
import { installModel } from '../../src/vision/runtime/install-model.js';
import { RECOMMENDED_MODELS } from '../../src/vision/runtime/model-catalogue.js';
import { referencePhotos, type ReferencePhoto } from '../fixtures/reference-photos.js';
import { hasShared, SHARED_DIR } from '../fixtures/shared-assets.js';
import { tempDir } from '../fixtures/temp-dir.js';

/**
 * Answers that must not move when only the way they are computed changes (how the photo is
 * decoded, which models run, on which thread): every recorded answer, recomputed, with the same
 * text and labels and every number within 0.01. After a change meant to alter answers, record
 * them again with PAWLENS_RECORD_REFERENCE=1 (and ../shared present) and review the diff.
 */
const REFERENCE_FILE = join(import.meta.dirname, '..', 'fixtures', 'reference-answers.json');
const RECORDING = process.env.PAWLENS_RECORD_REFERENCE === '1';
const TOLERANCE = 0.01;

interface Recorded {
  readonly data: unknown;
  readonly assessed: boolean;
}

/** The installed model sets answers are recorded for: none, a classifier alone, and the recommended scene models. */
const MODEL_SETS: Readonly<Record<string, readonly string[]>> = {
  builtin: [],
  squeezenet: ['squeezenet1.0'],
  recommended: RECOMMENDED_MODELS,
};
const setsHere = Object.keys(MODEL_SETS).filter((set) => hasShared || MODEL_SETS[set]!.length === 0);

const operationsFor = (photo: ReferencePhoto) =>
  photo.operations === 'all' ? OPERATION_KEYS : [photo.operations as OperationKey];

/** The answer as every caller gets it (runPaidAnalysis), with nobody to charge: its data, and whether it assessed anything. */
async function answer(pipeline: Pipeline, operation: OperationKey, bytes: Buffer): Promise<Recorded> {
  const { data, assessed } = await runPaidAnalysis(
    { pipeline },
    { operation, requestId: 'req_reference0', language: 'en', animalType: undefined, photo: () => bytes },
  );
  return { data, assessed };
}

/** Where `actual` departs from `expected`: paths of the values that differ, numbers beyond the tolerance. */
function differences(expected: unknown, actual: unknown, path = ''): string[] {
  if (typeof expected === 'number' && typeof actual === 'number')
    return Math.abs(expected - actual) <= TOLERANCE ? [] : [`${path}: ${expected} → ${actual}`];
  if (Array.isArray(expected) && Array.isArray(actual)) {
    if (expected.length !== actual.length) return [`${path}: ${JSON.stringify(expected)} → ${JSON.stringify(actual)}`];
    return expected.flatMap((value, i) => differences(value, actual[i], `${path}[${i}]`));
  }
  if (expected && actual && typeof expected === 'object' && typeof actual === 'object') {
    const keys = new Set([...Object.keys(expected), ...Object.keys(actual)]);
    return [...keys].flatMap((key) =>
      differences(
        (expected as Record<string, unknown>)[key],
        (actual as Record<string, unknown>)[key],
        `${path}.${key}`,
      ),
    );
  }
  return expected === actual ? [] : [`${path}: ${JSON.stringify(expected)} → ${JSON.stringify(actual)}`];
}

describe('answers stay as recorded', () => {
  const recorded: Record<string, Recorded> = RECORDING ? {} : JSON.parse(readFileSync(REFERENCE_FILE, 'utf8'));
  let photos: ReferencePhoto[];
  beforeAll(async () => {
    if (RECORDING && !hasShared)
      throw new Error(`recording needs ${SHARED_DIR}: its photos and models are part of the reference`);
    photos = await referencePhotos();
  }, 60_000);
  afterAll(() => {
    if (RECORDING) writeFileSync(REFERENCE_FILE, `${JSON.stringify(recorded, null, 1)}\n`);
  });

  it.each(setsHere)(
    'with the %s models',
    async (set) => {
      const modelsDir = tempDir();
      for (const name of MODEL_SETS[set]!) await installModel(name, { from: join(SHARED_DIR, 'models'), modelsDir });
      const vision = await loadAnalysisModels({ modelsDir });
      const pipeline = createPipeline(vision);
      const changed: string[] = [];
      // A photo or scene added without its answer recorded would never be compared: it fails instead.
      const unrecorded: string[] = [];
      let compared = 0;
      for (const photo of photos) {
        for (const operation of operationsFor(photo)) {
          const id = `${set}/${photo.name}/${operation}`;
          const now = await answer(pipeline, operation, photo.bytes);
          if (RECORDING) recorded[id] = now;
          else if (recorded[id]) {
            compared++;
            const diff = differences(recorded[id], now);
            if (diff.length > 0) changed.push(`${id}\n    ${diff.join('\n    ')}`);
          } else unrecorded.push(id);
        }
      }
      await Promise.all(vision.loaded.map((model) => model.release()));
      expect(changed, `${changed.length} of ${compared} answers changed`).toEqual([]);
      expect(
        unrecorded,
        'answers never recorded: record them (PAWLENS_RECORD_REFERENCE=1) and review the diff',
      ).toEqual([]);
      if (!RECORDING) expect(compared).toBeGreaterThan(set === 'builtin' ? 50 : 80);
    },
    180_000,
  );
});
