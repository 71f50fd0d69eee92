import { describe, expect, it } from 'vitest';
import { sameSceneGroups } from '../../src/training/near-duplicates.js';
import { seededRandom } from '../../src/vision/runtime/seeded-random.js';

const random = seededRandom(11);
const thumbnail = () => Uint8Array.from({ length: 32 * 32 }, () => Math.floor(random() * 256));
const turned = (t: Uint8Array) =>
  Uint8Array.from({ length: 32 * 32 }, (_, i) => t[(31 - (i % 32)) * 32 + Math.floor(i / 32)]!);
const mirrored = (t: Uint8Array) =>
  Uint8Array.from({ length: 32 * 32 }, (_, i) => t[Math.floor(i / 32) * 32 + 31 - (i % 32)]!);
const features = () => Float32Array.from({ length: 64 }, () => random());

describe('sameSceneGroups', () => {
  it('groups a photo with its turned, mirrored and brightened copies, and with a copy whose features match', () => {
    const a = thumbnail();
    const brighter = a.map((value) => Math.min(255, value + 20));
    const other = thumbnail();
    const same = features();
    const thumbnails = [a, turned(a), mirrored(a), brighter, other, thumbnail(), thumbnail()];
    const pooled = [features(), features(), features(), features(), same, Float32Array.from(same), features()];
    expect(sameSceneGroups(pooled, thumbnails)).toEqual([0, 0, 0, 0, 4, 4, 6]);
  });
});
