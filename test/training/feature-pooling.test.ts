import { describe, expect, it } from 'vitest';
import type { PhotoFeatures } from '../../src/training/photo-features.js';
import { trainHead } from '../../src/training/train-head.js';
import { seededRandom } from '../../src/vision/runtime/seeded-random.js';
import { label } from '../fixtures/trained-heads.js';

const LABELS = ['flea_allergy', 'ringworm', 'scabies'] as const;
const definition = {
  name: 'pooling',
  operation: 'skin',
  labels: Object.fromEntries(LABELS.map((id) => [id, label(id, 'mild')])),
};

/**
 * 25 photos a label whose label shows in one pooling of the features only (its own dimension
 * raised), the other pooling noise; each photo its own random thumbnail, so none is a copy.
 */
function photos(telling: 'mean' | 'peak' | 'mean without peak' | 'companion'): PhotoFeatures[] {
  const random = seededRandom(7);
  const noise = () => Float32Array.from({ length: 16 }, () => random());
  return LABELS.flatMap((id, labelIndex) =>
    Array.from({ length: 25 }, (_, i) => {
      const telling_ = noise();
      telling_[labelIndex]! += 1.5;
      const other = noise();
      return {
        label: id,
        path: `/photos/${id}/${i}.jpg`,
        sha256: `${labelIndex}${i}`.padStart(64, '0'),
        features:
          telling === 'companion'
            ? { mean: other, peak: noise(), companion: telling_.slice(0, 8), detector: noise().slice(0, 4) }
            : telling === 'peak'
              ? { mean: other, peak: telling_ }
              : { mean: telling_, peak: telling === 'mean' ? other : undefined },
        thumbnail: Uint8Array.from({ length: 1024 }, () => Math.floor(random() * 256)),
      };
    }),
  );
}

describe('which pooling of the backbone a head reads (issue 40)', () => {
  it.each(['mean', 'peak'] as const)('is the one cross-validation finds telling: %s', (telling) => {
    const { report, model } = trainHead(definition, photos(telling));
    expect(report.pooling).toBe(telling);
    expect(report.accuracy).toBeGreaterThan(0.9);
    expect(model.features).toBe(16);
  });

  it("reads the companion classifier's and the detector's features after the backbone's, where every photo has them", () => {
    // The label shows only in the companion's 8 features: a head without them would be near chance.
    const { report, model } = trainHead(definition, photos('companion'));
    expect([report.companion, report.detector]).toEqual([8, 4]);
    expect(model.features).toBe(16 + 8 + 4);
    expect(report.accuracy).toBeGreaterThan(0.9);
    // One photo without the companion's: no head reads them, and the backbone's and the detector's tell nothing.
    const oneWithout = photos('companion').map((photo, i) =>
      i === 0 ? { ...photo, features: { ...photo.features, companion: undefined } } : photo,
    );
    expect(() => trainHead(definition, oneWithout)).toThrow(/no better than naming the commonest label/);
  });

  it('is the mean where the backbone gives no peak (a classifier without feature maps)', () => {
    const progress: number[] = [];
    const { report } = trainHead(definition, photos('mean without peak'), undefined, (done) => progress.push(done));
    expect(report.pooling).toBe('mean');
    // One pooling only: cross-validated in five folds, not ten.
    expect(progress).toEqual([1, 2, 3, 4, 5]);
  });
});
