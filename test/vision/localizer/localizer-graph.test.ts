import ort from 'onnxruntime-node';
import { describe, expect, it } from 'vitest';
import type { FeatureMap } from '../../../src/vision/classifier-model.js';
import { cellLayout, writeCellFeatures } from '../../../src/vision/localizer/cell-features.js';
import {
  LOCALIZER_OUTPUT,
  localizerGraphBytes,
  localizerInput,
} from '../../../src/vision/localizer/localizer-graph.js';
import {
  fitLogisticRegression,
  type LogisticRegression,
  logisticProbabilities,
} from '../../../src/training/localizer/logistic-regression.js';
import { seededRandom } from '../../../src/vision/runtime/seeded-random.js';

const random = seededRandom(7);
const mapOf = (channels: number, grid: number): FeatureMap => ({
  channels,
  grid,
  data: Float32Array.from({ length: channels * grid * grid }, () => random() * 6 - 1),
});

describe('a localizer’s cell features and its ONNX graph', () => {
  const maps = [mapOf(12, 3), mapOf(4, 6)];
  const layout = cellLayout(maps);
  const model: LogisticRegression = {
    features: layout.size,
    mean: Float32Array.from({ length: layout.size }, () => random()),
    scale: Float32Array.from({ length: layout.size }, () => random() * 2),
    weights: Float32Array.from({ length: layout.size }, () => random() - 0.5),
    bias: -0.3,
  };

  it('reads the coarse map as it is and each finer one pooled by mean and maximum', () => {
    expect(layout).toEqual({ grid: 3, size: 12 + 2 * 4 });
    const rows = new Float32Array(9 * layout.size);
    writeCellFeatures(maps, rows);
    // Cell (1, 2): the coarse map's value there, then the 2 × 2 block of the fine map under it.
    const cell = 2 * 3 + 1;
    expect(rows[cell * layout.size + 5]).toBe(maps[0]!.data[5 * 9 + cell]);
    const fine = [0, 1].flatMap((dy) => [0, 1].map((dx) => maps[1]!.data[2 * 36 + (4 + dy) * 6 + 2 + dx]!));
    expect(rows[cell * layout.size + 12 + 2]).toBeCloseTo(fine.reduce((a, b) => a + b) / 4, 5);
    expect(rows[cell * layout.size + 12 + 4 + 2]).toBe(Math.max(...fine));
  });

  it('gives, run by onnxruntime, the probabilities the regression gives on the same features', async () => {
    const bytes = localizerGraphBytes(model, maps, { name: 'test', version: '1' });
    const session = await ort.InferenceSession.create(bytes);
    try {
      const feeds = Object.fromEntries(
        maps.map((map, index) => [
          localizerInput(index),
          new ort.Tensor('float32', map.data, [1, map.channels, map.grid, map.grid]),
        ]),
      );
      const onnx = (await session.run(feeds))[LOCALIZER_OUTPUT]!.data as Float32Array;
      const rows = new Float32Array(9 * layout.size);
      writeCellFeatures(maps, rows);
      const typescript = logisticProbabilities(model, { values: rows, n: 9, d: layout.size });
      expect(onnx).toHaveLength(9);
      for (let i = 0; i < 9; i++) expect(onnx[i]).toBeCloseTo(typescript[i]!, 5);
    } finally {
      await session.release();
    }
  });

  it('refuses maps whose grids do not nest', () => {
    expect(() => cellLayout([mapOf(2, 3), mapOf(2, 4)])).toThrow(/4 × 4 map cannot be read over a 3 × 3 grid/);
  });
});

describe('fitLogisticRegression', () => {
  // Rows whose first feature says the label, with a constant feature and noise beside it.
  const n = 400;
  const values = new Float32Array(n * 3);
  const labels = new Uint8Array(n);
  const noise = seededRandom(3);
  for (let i = 0; i < n; i++) {
    labels[i] = i % 2;
    values[i * 3] = labels[i]! * 4 + noise();
    values[i * 3 + 1] = 5;
    values[i * 3 + 2] = noise();
  }
  const options = { l2: 0.01, epochs: 20, batch: 64, learningRate: 0.05, seed: 1 };

  it('learns what separates the rows, and leaves a constant feature out', () => {
    const model = fitLogisticRegression({ values, n, d: 3 }, labels, options);
    const probabilities = logisticProbabilities(model, { values, n, d: 3 });
    const right = labels.filter((label, i) => (probabilities[i]! >= 0.5 ? 1 : 0) === label).length;
    expect(right / n).toBeGreaterThan(0.98);
    expect(model.scale[1]).toBe(0);
  });

  it('gives the same model for the same rows and seed, and another for another seed', () => {
    const a = fitLogisticRegression({ values, n, d: 3 }, labels, options);
    const b = fitLogisticRegression({ values, n, d: 3 }, labels, options);
    const c = fitLogisticRegression({ values, n, d: 3 }, labels, { ...options, seed: 2 });
    expect(b.weights).toEqual(a.weights);
    expect(c.weights).not.toEqual(a.weights);
  });
});
