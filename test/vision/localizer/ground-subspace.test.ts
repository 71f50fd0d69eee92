import ort from 'onnxruntime-node';
import { describe, expect, it } from 'vitest';
import type { FeatureMap } from '../../../src/vision/classifier-model.js';
import { cellLayout, writeCellFeatures } from '../../../src/vision/localizer/cell-features.js';
import {
  type GroundSubspace,
  groundDistance,
  groundFeaturesOf,
} from '../../../src/vision/localizer/ground-subspace.js';
import {
  LOCALIZER_GROUND_DISTANCE,
  localizerGraphBytes,
  localizerInput,
} from '../../../src/vision/localizer/localizer-graph.js';
import { fitGroundSubspace, GROUND_SUBSPACE } from '../../../src/training/localizer/fit-ground-subspace.js';
import { type LocalizerData, pooledOf, type TrainingView } from '../../../src/training/localizer/localizer-rows.js';
import { seededRandom } from '../../../src/vision/runtime/seeded-random.js';

const random = seededRandom(11);
const CHANNELS = 48;
const GRID = 2;

/** A coarsest map of CHANNELS × GRID², each cell `look` plus noise of `spread` (negatives stay: the backbone's maps have some). */
const mapLike = (look: Float32Array, spread: number): FeatureMap => ({
  channels: CHANNELS,
  grid: GRID,
  data: Float32Array.from(
    { length: CHANNELS * GRID * GRID },
    (_, i) => look[Math.floor(i / (GRID * GRID))]! + (random() - 0.5) * spread,
  ),
});
/** "Ground": strong on the first 8 channels, in proportions that vary along 3 directions; anything else is strong elsewhere. */
const groundLook = () =>
  Float32Array.from({ length: CHANNELS }, (_, c) => (c < 8 ? 2 + (c < 3 ? random() * 3 : 0) : random() * 0.05));
const otherLook = () => Float32Array.from({ length: CHANNELS }, (_, c) => (c >= 24 && c < 32 ? 3 : random() * 0.05));

/** Localizer data whose views are only ground crops, photo i's crop from `maps[i]`. */
function groundData(maps: readonly FeatureMap[]): LocalizerData {
  const layout = cellLayout(maps.slice(0, 1));
  const cells = layout.grid ** 2;
  const values = new Float32Array(maps.length * cells * layout.size);
  for (const [view, map] of maps.entries()) writeCellFeatures([map], values, view * cells);
  const views: TrainingView[] = maps.map((_, photo) => ({ photo, kind: 'ground', boxes: [] }));
  return {
    layout,
    rows: { values, n: maps.length * cells, d: layout.size },
    targets: new Uint8Array(maps.length * cells),
    coverage: new Float32Array(maps.length * cells),
    views,
    photos: [],
    pooled: [],
    thumbnails: [],
    unreadable: [],
  };
}

describe('the ground a localizer learnt, as a subspace of its backbone’s mean features', () => {
  const grounds = Array.from({ length: GROUND_SUBSPACE.components + 40 }, () => mapLike(groundLook(), 0.02));
  const heldOut = grounds.map((_, i) => i % 5 === 0);
  const fitted = fitGroundSubspace(groundData(grounds), heldOut, CHANNELS)!;

  it('is fitted on the training photos’ crops alone, and the held-out ones lie within its limit', () => {
    expect(fitted.trainedOn).toBe(heldOut.filter((held) => !held).length);
    expect(fitted.heldOut).toEqual({ crops: heldOut.filter(Boolean).length, within: 1 });
    const anythingElse = pooledOf(mapLike(otherLook(), 0.02));
    expect(groundDistance(fitted.subspace, anythingElse)).toBeGreaterThan(fitted.limit);
  });

  it('keeps unit, orthogonal directions', () => {
    const { channels, components } = fitted.subspace;
    const dot = (a: number, b: number) => {
      let sum = 0;
      for (let c = 0; c < channels; c++) sum += components[a * channels + c]! * components[b * channels + c]!;
      return sum;
    };
    expect(dot(0, 0)).toBeCloseTo(1, 4);
    expect(dot(5, 5)).toBeCloseTo(1, 4);
    expect(dot(0, 5)).toBeCloseTo(0, 4);
  });

  it('reads features rooted and at unit length, so that a brighter copy of a frame lies as far', () => {
    const features = pooledOf(grounds[0]!);
    expect(Math.hypot(...groundFeaturesOf(features))).toBeCloseTo(1, 5);
    const brighter = features.map((value) => value * 4);
    expect(groundDistance(fitted.subspace, brighter)).toBeCloseTo(groundDistance(fitted.subspace, features), 5);
  });

  it('is too little to fit on no more crops than its directions', () => {
    const few = grounds.slice(0, GROUND_SUBSPACE.components);
    expect(
      fitGroundSubspace(
        groundData(few),
        few.map(() => false),
        CHANNELS,
      ),
    ).toBeUndefined();
  });

  it('gives, run by onnxruntime in the localizer’s graph, the distance groundDistance gives', async () => {
    const finer = { channels: 4, grid: 4 };
    const layout = cellLayout([{ channels: CHANNELS, grid: GRID }, finer]);
    const model = {
      features: layout.size,
      mean: new Float32Array(layout.size),
      scale: new Float32Array(layout.size).fill(1),
      weights: new Float32Array(layout.size),
      bias: 0,
    };
    const subspace: GroundSubspace = fitted.subspace;
    const bytes = localizerGraphBytes(
      model,
      [{ channels: CHANNELS, grid: GRID }, finer],
      { name: 'test', version: '1' },
      subspace,
    );
    const session = await ort.InferenceSession.create(bytes);
    try {
      for (const map of [grounds[1]!, mapLike(otherLook(), 0.5)]) {
        const fine = { ...finer, data: new Float32Array(4 * 16) };
        const feeds = Object.fromEntries(
          [map, fine].map((m, index) => [
            localizerInput(index),
            new ort.Tensor('float32', m.data, [1, m.channels, m.grid, m.grid]),
          ]),
        );
        const onnx = (await session.run(feeds))[LOCALIZER_GROUND_DISTANCE]!.data as Float32Array;
        expect(onnx).toHaveLength(1);
        expect(onnx[0]).toBeCloseTo(groundDistance(subspace, pooledOf(map)), 4);
      }
    } finally {
      await session.release();
    }
  });
});
