import { describe, expect, it } from 'vitest';
import { animalsInOrder, PET_AHEAD_SCORE } from '../../src/vision/scene/animal-order.js';

/** A detector's box of `label` at `score`, `share` of the frame, at `x` (boxes at different x do not overlap). */
const boxed = (label: string, score: number, share: number, x = 0) => {
  const side = Math.sqrt(share) * 100;
  return { label, score, share, box: [x, 0, x + side, side] as [number, number, number, number] };
};
const order = (animals: ReturnType<typeof boxed>[], animalType?: string) =>
  animalsInOrder(animals, animalType).map(({ label, share }) => `${label} ${share}`);

describe('which animal an answer is about', () => {
  const horse = boxed('horse', 0.87, 0.15, 0);
  const dog = boxed('dog', 0.88, 0.045, 200);

  it('puts a pet the detector is sure of ahead of a larger animal that is none (darknet’s dog beside a horse)', () => {
    expect(order([horse, dog])).toEqual(['dog 0.045', 'horse 0.15']);
  });

  it('keeps the larger animal first where the detector is unsure of the pet (a lemur boxed as a sheep, and as a dog at 0.43)', () => {
    expect(order([boxed('sheep', 0.67, 0.205, 0), boxed('dog', 0.43, 0.193, 200)])).toEqual([
      'sheep 0.205',
      'dog 0.193',
    ]);
  });

  it('keeps pets in their order of size: a surer, smaller spaniel does not go ahead of a larger one', () => {
    const larger = boxed('dog', PET_AHEAD_SCORE - 0.05, 0.17, 0);
    const smaller = boxed('dog', PET_AHEAD_SCORE + 0.01, 0.06, 200);
    expect(order([smaller, larger])).toEqual(['dog 0.17', 'dog 0.06']);
    // …and, sure of either, both go ahead of a larger animal that is no pet.
    expect(order([boxed('cow', 0.9, 0.5, 400), smaller, larger])).toEqual(['dog 0.17', 'dog 0.06', 'cow 0.5']);
  });

  it('puts the species the request names first of all, sure or not, in any of its words', () => {
    const cat = boxed('cat', 0.3, 0.02, 400);
    expect(order([horse, dog, cat], 'cat')).toEqual(['cat 0.02', 'dog 0.045', 'horse 0.15']);
    expect(order([horse, dog, cat], 'Gato')).toEqual(['cat 0.02', 'dog 0.045', 'horse 0.15']);
    // A species it boxes none of leaves the pets ahead.
    expect(order([horse, dog], 'rabbit')).toEqual(['dog 0.045', 'horse 0.15']);
  });

  it('keeps one box per animal, the surest, whatever their classes (a kitten boxed as a dog and a cat)', () => {
    expect(order([boxed('dog', 0.6, 0.3, 0), boxed('cat', 0.7, 0.29, 1)])).toEqual(['cat 0.29']);
  });
});
