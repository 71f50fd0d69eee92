import { describe, expect, it } from 'vitest';
import { measurePlanFor } from '../../src/analysis/measure-plan.js';
import { CHARACTER_LIMITS } from '../../src/analysis/limits/character-limits.js';
import { OPERATIONS } from '../../src/operations/registry.js';
import type { VisionModels } from '../../src/vision/vision-models.js';

const withDetector = {
  detector: {},
  trained: new Map(),
  localizers: new Map(),
  detectorLocalizers: new Map(),
} as unknown as VisionModels;
const builtIn = {
  detector: undefined,
  trained: new Map(),
  localizers: new Map(),
  detectorLocalizers: new Map(),
} as unknown as VisionModels;
const disc = {
  surround: 'black' as const,
  inside: { left: 10, top: 10, width: 80, height: 80 },
  insideShare: 0.64,
  onCircle: CHARACTER_LIMITS.roundViewOnCircle,
  onLines: 0,
  surroundOnEdge: 0.6,
  blownOnEdge: 0,
};

describe('the measure plan', () => {
  it('reads colours, and exposure from them, where the rules read colours; the frame, for a specimen', () => {
    const plan = measurePlanFor(OPERATIONS.stool, withDetector, false, undefined, undefined);
    expect(plan.colours).toEqual({ region: undefined });
    expect(plan.exposure).toBe('colours');
    expect(plan.scene.readFrame).toBe(true);
  });

  it('reads an animal’s photo through the detector: the frame only where it boxes no animal, exposure from its copy of the frame', () => {
    const plan = measurePlanFor(OPERATIONS.breed, withDetector, false, undefined, 'dog');
    expect(plan).toMatchObject({ colours: undefined, exposure: 'frame view', tones: false });
    expect(plan.scene).toMatchObject({
      readFrame: false,
      readFrameWithoutAnimal: true,
      classify: 1,
      animalType: 'dog',
      checkNonPet: false,
    });
    expect(measurePlanFor(OPERATIONS.skin, withDetector, false, undefined, 'dog').scene.readFrameWithoutAnimal).toBe(
      false,
    );
  });

  it('reads the crop of an animal the detector calls no pet for a pets-only operation (emotion), and only for it', () => {
    expect(measurePlanFor(OPERATIONS.emotion, withDetector, false, undefined, 'dog').scene).toMatchObject({
      classify: 0,
      checkNonPet: true,
    });
    expect(measurePlanFor(OPERATIONS.stool, withDetector, false, undefined, 'dog').scene.checkNonPet).toBe(false);
  });

  it('reads that crop where the detector calls it a cat or a dog too, for emotion with a head the clinic trained', () => {
    expect(measurePlanFor(OPERATIONS.emotion, withDetector, false, undefined, 'dog').scene.checkPetLabel).toBe(false);
    const withHead = { ...withDetector, trained: new Map([['emotion', { extras: {} }]]) } as unknown as VisionModels;
    expect(measurePlanFor(OPERATIONS.emotion, withHead, false, undefined, 'dog').scene.checkPetLabel).toBe(true);
    const breedWithHead = { ...withDetector, trained: new Map([['breed', { extras: {} }]]) } as unknown as VisionModels;
    expect(measurePlanFor(OPERATIONS.breed, breedWithHead, false, undefined, 'dog').scene.checkPetLabel).toBe(false);
  });

  it('reads an unsure animal’s crop a second time, whole, for breed, and for emotion with a head the clinic trained', () => {
    expect(measurePlanFor(OPERATIONS.breed, withDetector, false, undefined, 'dog').scene.secondView).toBe(true);
    for (const operation of [OPERATIONS.emotion, OPERATIONS.skin, OPERATIONS.stool])
      expect(measurePlanFor(operation, withDetector, false, undefined, 'dog').scene.secondView).toBe(false);
    const withHead = { ...withDetector, trained: new Map([['emotion', { extras: {} }]]) } as unknown as VisionModels;
    expect(measurePlanFor(OPERATIONS.emotion, withHead, false, undefined, 'dog').scene.secondView).toBe(true);
  });

  it('reads exposure from the photo itself when neither colours nor a detector give it, and three crops for a language model', () => {
    const plan = measurePlanFor(OPERATIONS.emotion, builtIn, true, undefined, undefined);
    expect(plan).toMatchObject({ colours: undefined, exposure: 'photo' });
    expect(plan.scene).toMatchObject({ readFrame: true, classify: 3 });
  });

  it('reads an ear’s colours inside an otoscope’s lit disc, and only for an operation that takes round views', () => {
    expect(measurePlanFor(OPERATIONS.ear, builtIn, false, disc, undefined).colours).toEqual({ region: disc.inside });
    expect(measurePlanFor(OPERATIONS.skin, builtIn, false, disc, undefined).colours).toEqual({ region: undefined });
    expect(measurePlanFor(OPERATIONS.ear, builtIn, false, disc, undefined).tones).toBe(true);
  });

  it('reads the tones of a round view for breed and emotion, which take one, to tell an eye camera’s; of no other photo of theirs', () => {
    for (const operation of [OPERATIONS.breed, OPERATIONS.emotion]) {
      expect(measurePlanFor(operation, withDetector, false, disc, 'dog').tones, operation.key).toBe(true);
      expect(measurePlanFor(operation, withDetector, false, undefined, 'dog').tones, operation.key).toBe(false);
    }
  });

  it('reads which way a close-up’s texture runs only where an ImageNet classifier gives the lawn reading it is asked with', () => {
    const imagenet = { ...withDetector, classifier: { labelSet: 'imagenet-1k' } } as unknown as VisionModels;
    const breeds = { ...withDetector, classifier: { labelSet: 'pet-breeds' } } as unknown as VisionModels;
    for (const operation of [OPERATIONS.skin, OPERATIONS.ear])
      expect(measurePlanFor(operation, imagenet, false, undefined, 'dog').strands, operation.key).toBe(true);
    expect(measurePlanFor(OPERATIONS.stool, imagenet, false, undefined, 'dog').strands).toBe(false);
    expect(measurePlanFor(OPERATIONS.skin, breeds, false, undefined, 'dog').strands).toBe(false);
    expect(measurePlanFor(OPERATIONS.skin, builtIn, false, undefined, 'dog').strands).toBe(false);
  });
});
