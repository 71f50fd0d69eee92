import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { decodeImageBytes } from '../../src/image/decode-image.js';
import { ClassifierModel } from '../../src/vision/classifier-model.js';
import { loadModel } from '../../src/vision/runtime/load-model.js';
import { MANIFEST_FILE } from '../../src/vision/runtime/model-manifest.js';
import { animalPartProbability, IMAGENET_ANIMAL_PARTS } from '../../src/vision/tables/imagenet-animal-parts.js';
import { IMAGENET_GROUND } from '../../src/vision/tables/imagenet-ground.js';
import { describeWithShared, SHARED_DIR, sharedPhoto } from '../fixtures/shared-assets.js';
import { sharedClassifiers } from '../fixtures/shared-classifiers.js';

const photo = async (name: string) => decodeImageBytes(readFileSync(sharedPhoto(name)));

describeWithShared('whether a classifier takes a frame for part of an animal (issue 23)', () => {
  const classifiers = sharedClassifiers('pawlens-mammals-');
  const { modelsDir } = classifiers;

  it('the animal classes are the animals but those of the ground, and the things made of fur', () => {
    const labels: string[] = JSON.parse(
      readFileSync(join(SHARED_DIR, 'models', 'mobilenetv2-12-int8', 'labels.json'), 'utf8'),
    );
    const names = new Set(IMAGENET_ANIMAL_PARTS.map((index) => labels[index]!.split(',')[0]));
    // …the tick and the tarantula among them: found on skin, and what fur parted close up is read as.
    for (const animal of ['tench', 'tick', 'tarantula', 'great white shark', 'flamingo', 'hog', 'golden retriever'])
      expect(names, animal).toContain(animal);
    for (const made of ['feather boa', 'fur coat', 'wool']) expect(names, made).toContain(made);
    // The ground's creatures (a pile of stool is read as a dung beetle or a toad) and every object are left out.
    for (const other of ['dung beetle', 'common newt', 'black widow', 'abacus', 'espresso', 'stone wall'])
      expect(names, other).not.toContain(other);
    expect(IMAGENET_ANIMAL_PARTS.filter((index) => IMAGENET_GROUND.includes(index))).toEqual([]);
  });

  it('MobileNetV2, whose limit the catalogue gives, says yes for a dog or a cat and no for a cup of coffee', async () => {
    const classifier = new ClassifierModel(classifiers.mobilenet);
    for (const pet of ['wml_dog.jpg', 'chelsea.png', 'kitten_224.png'])
      expect(classifier.showsAnimalPart(await classifier.predict(await photo(pet))), pet).toBe(true);
    const coffee = await classifier.predict(await photo('coffee.png'));
    expect(animalPartProbability(coffee.probabilities)).toBeLessThan(0.05);
    expect(classifier.showsAnimalPart(coffee)).toBe(false);
  });

  it('SqueezeNet, whose manifest gives no limit, cannot tell', async () => {
    const classifier = new ClassifierModel(classifiers.squeezenet);
    const dog = await classifier.predict(await photo('wml_dog.jpg'));
    expect(animalPartProbability(dog.probabilities)).toBeGreaterThan(0.9);
    expect(classifier.showsAnimalPart(dog)).toBeUndefined();
  });

  it('a MobileNetV2 whose manifest an older pawlens wrote (the limit named for mammals) keeps the check', async () => {
    const dir = join(modelsDir, 'older-manifest');
    cpSync(join(modelsDir, 'mobilenetv2-12-int8'), dir, { recursive: true });
    const { closeUpAnimalProbability, ...manifest } = JSON.parse(readFileSync(join(dir, MANIFEST_FILE), 'utf8'));
    writeFileSync(
      join(dir, MANIFEST_FILE),
      JSON.stringify({ ...manifest, closeUpMammalProbability: closeUpAnimalProbability }),
    );
    const model = await loadModel(dir);
    try {
      const classifier = new ClassifierModel(model);
      expect(classifier.showsAnimalPart(await classifier.predict(await photo('coffee.png')))).toBe(false);
      expect(classifier.showsAnimalPart(await classifier.predict(await photo('wml_dog.jpg')))).toBe(true);
    } finally {
      await model.release();
    }
  });

  it('a limit on a classifier that does not have the ImageNet labels is refused when it loads', async () => {
    const dir = join(modelsDir, 'not-imagenet');
    cpSync(join(modelsDir, 'mobilenetv2-12-int8'), dir, { recursive: true });
    const manifest = JSON.parse(readFileSync(join(dir, MANIFEST_FILE), 'utf8'));
    writeFileSync(join(dir, MANIFEST_FILE), JSON.stringify({ ...manifest, labelSet: 'pet-breeds' }));
    const model = await loadModel(dir);
    try {
      expect(() => new ClassifierModel(model)).toThrow(/closeUpAnimalProbability needs the imagenet-1k labels/);
    } finally {
      await model.release();
    }
  });
});
