import { describe, expect, it } from 'vitest';
import { IMAGENET_FISH_AND_REEF, imagenetKind } from '../../src/vision/tables/imagenet-kinds.js';

describe('imagenetKind', () => {
  const kinds = Array.from({ length: 1000 }, (_, index) => ({ index, kind: imagenetKind(index) }));

  it('names every one of the 1000 classes in Chinese without Latin letters, and in Spanish', () => {
    for (const { index, kind } of kinds) {
      expect(kind.zh, `class ${index}`).toMatch(/^[^A-Za-z]+$/);
      expect(kind.es, `class ${index}`).not.toBe('');
    }
  });

  it.each([
    [0, 'fish'], // tench
    [134, 'bird'], // crane
    [207, 'dog'], // golden retriever
    [281, 'cat'], // tabby
    [291, 'wild mammal'], // lion
    [301, 'invertebrate'], // ladybug
    [345, 'hoofed animal'], // ox
    [348, 'hoofed animal'], // ram
    [397, 'fish'], // puffer
    [963, 'food or drink'], // pizza
    [967, 'food or drink'], // espresso
    [975, 'landscape'], // lakeside
    [982, 'person'], // groom
    [992, 'plant or fungus'], // agaric
    [517, 'object'], // crane (the machine): no group of its own
  ])('class %i is a %s', (index, en) => {
    expect(imagenetKind(index).en).toBe(en);
  });

  it('counts a fish and its reef as fish, but not the great white shark nor the electric ray bare skin is read as', () => {
    expect(IMAGENET_FISH_AND_REEF).toEqual(expect.arrayContaining([0, 1, 3, 4, 6, 389, 397, 108, 973]));
    for (const notFish of [2, 5, 983]) expect(IMAGENET_FISH_AND_REEF).not.toContain(notFish);
    // They are still fish when the classifier's best match is named.
    expect(imagenetKind(2).en).toBe('fish');
  });
});
