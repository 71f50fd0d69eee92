import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { decodeImageBytes } from '../../src/image/decode-image.js';
import { ClassifierModel } from '../../src/vision/classifier-model.js';
import { loadModel } from '../../src/vision/load-model.js';
import { MANIFEST_FILE } from '../../src/vision/model-manifest.js';
import { IMAGENET_MAMMAL_RANGES, mammalProbability } from '../../src/vision/tables/imagenet-mammals.js';
import { describeWithShared, SHARED_DIR, sharedPhoto } from '../fixtures/shared-assets.js';
import { sharedClassifiers } from '../fixtures/shared-classifiers.js';

const photo = async (name: string) => decodeImageBytes(readFileSync(sharedPhoto(name)));

describeWithShared('whether a classifier takes a frame for part of an animal (issue 23)', () => {
  const classifiers = sharedClassifiers('pawlens-mammals-');
  const { modelsDir } = classifiers;

  it('the mammal ranges start and end at mammals, between a bird, a jellyfish, an insect or a fish', () => {
    const labels: string[] = JSON.parse(
      readFileSync(join(SHARED_DIR, 'models', 'mobilenetv2-12-int8', 'labels.json'), 'utf8'),
    );
    const name = (index: number) => labels[index]!.split(',')[0];
    expect(IMAGENET_MAMMAL_RANGES.map(([first, last]) => [name(first), name(last)])).toEqual([
      ['tusker', 'wombat'],
      ['grey whale', 'meerkat'],
      ['wood rabbit', 'giant panda'],
    ]);
    const outside = IMAGENET_MAMMAL_RANGES.flatMap(([first, last]) => [name(first - 1), name(last + 1)]);
    expect(outside).toEqual(['black swan', 'jellyfish', 'albatross', 'tiger beetle', 'sea cucumber', 'barracouta']);
  });

  it('MobileNetV2, whose limit the catalogue gives, says yes for a dog or a cat and no for a cup of coffee', async () => {
    const classifier = new ClassifierModel(classifiers.mobilenet);
    for (const pet of ['wml_dog.jpg', 'chelsea.png', 'kitten_224.png'])
      expect(classifier.showsAnimalPart(await classifier.predict(await photo(pet))), pet).toBe(true);
    const coffee = await classifier.predict(await photo('coffee.png'));
    expect(mammalProbability(coffee.probabilities)).toBeLessThan(0.05);
    expect(classifier.showsAnimalPart(coffee)).toBe(false);
  });

  it('SqueezeNet, whose manifest gives no limit, cannot tell', async () => {
    const classifier = new ClassifierModel(classifiers.squeezenet);
    const dog = await classifier.predict(await photo('wml_dog.jpg'));
    expect(mammalProbability(dog.probabilities)).toBeGreaterThan(0.9);
    expect(classifier.showsAnimalPart(dog)).toBeUndefined();
  });

  it('a limit on a classifier that does not have the ImageNet labels is refused when it loads', async () => {
    const dir = join(modelsDir, 'not-imagenet');
    cpSync(join(modelsDir, 'mobilenetv2-12-int8'), dir, { recursive: true });
    const manifest = JSON.parse(readFileSync(join(dir, MANIFEST_FILE), 'utf8'));
    writeFileSync(join(dir, MANIFEST_FILE), JSON.stringify({ ...manifest, labelSet: 'pet-breeds' }));
    const model = await loadModel(dir);
    try {
      expect(() => new ClassifierModel(model)).toThrow(/closeUpMammalProbability needs the imagenet-1k labels/);
    } finally {
      await model.release();
    }
  });
});
