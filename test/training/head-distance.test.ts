import ort from 'onnxruntime-node';
import { expect, it } from 'vitest';
import { trainHead } from '../../src/training/train-head.js';
import { distanceFrom, HEAD_DISTANCE, HEAD_INPUT, headGraphBytes } from '../../src/vision/heads/head-graph.js';
import { seededRandom } from '../../src/vision/runtime/seeded-random.js';
import { label } from '../fixtures/trained-heads.js';

it("the head's graph measures a photo's distance from its training photos as training does", async () => {
  const random = seededRandom(3);
  const labels = ['a', 'b'];
  // 25 photos a label, 6 features, the label raising one of them.
  const photos = labels.flatMap((id, index) =>
    Array.from({ length: 25 }, (_, i) => {
      const mean = Float32Array.from({ length: 6 }, () => random());
      mean[index]! += 1.5;
      return {
        label: id,
        path: `/photos/${id}/${i}.jpg`,
        sha256: `${index}${i}`.padStart(64, '0'),
        features: { mean, peak: undefined },
        thumbnail: Uint8Array.from({ length: 1024 }, () => Math.floor(random() * 256)),
      };
    }),
  );
  const { model, report } = trainHead(
    { name: 'distance', operation: 'skin', labels: { a: label('a', 'mild'), b: label('b', 'normal') } },
    photos,
  );
  // No training photo lies beyond the farthest kept.
  const distances = photos.map((photo) => distanceFrom(model, photo.features.mean));
  expect(Math.max(...distances)).toBeLessThanOrEqual(report.farthest);
  expect(report.farthest - Math.max(...distances)).toBeLessThan(0.001);
  const session = await ort.InferenceSession.create(headGraphBytes(model));
  const far = Float32Array.from({ length: 6 }, () => 10);
  for (const features of [photos[0]!.features.mean, photos[30]!.features.mean, far]) {
    const outputs = await session.run({ [HEAD_INPUT]: new ort.Tensor('float32', features, [1, 6]) });
    expect(outputs[HEAD_DISTANCE]!.data[0]).toBeCloseTo(distanceFrom(model, features), 5);
  }
  // A photo far from them all lies beyond it.
  expect(distanceFrom(model, far)).toBeGreaterThan(report.farthest);
  await session.release();
});
