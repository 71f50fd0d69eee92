import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { decodeImageBytes } from '../../src/image/decode-image.js';
import { ClassifierModel } from '../../src/vision/classifier-model.js';
import { IMAGENET_FOOD } from '../../src/vision/tables/imagenet-food.js';
import { describeWithShared, SHARED_DIR, sharedPhoto } from '../fixtures/shared-assets.js';
import { sharedClassifiers } from '../fixtures/shared-classifiers.js';

/**
 * What a specimen's photo may not show (issue 39): a meal, its dishes and the places food is made
 * or sold, and drinks (coffee, wine); but a urine sample stands in a beaker, a glass or a bottle,
 * on a tray or a table, and a stool lies among mushrooms, acorns and hay.
 */
describeWithShared('the food a stool or urine photo is refused for', () => {
  const classifiers = sharedClassifiers('pawlens-food-');

  it('is dishes, bread, fruit, cookware and kitchens, bakeries and butchers, not what a specimen lies in or on', () => {
    const labels: string[] = JSON.parse(
      readFileSync(join(SHARED_DIR, 'models', 'mobilenetv2-12-int8', 'labels.json'), 'utf8'),
    );
    const names = new Set(IMAGENET_FOOD.map((index) => labels[index]!.split(',')[0]));
    for (const food of [
      'plate',
      'pizza',
      'bagel',
      'meat loaf',
      'potpie',
      'wok',
      'rotisserie',
      'bakery',
      'butcher shop',
      'espresso',
      'cup',
      'coffee mug',
      'wine bottle',
      'beer bottle',
    ])
      expect(names, food).toContain(food);
    for (const other of [
      'red wine',
      'eggnog',
      'beer glass',
      'water bottle',
      'tray',
      'dining table',
      'measuring cup',
      'beaker',
      'pill bottle',
      'hay',
      'acorn',
    ])
      expect(names, other).not.toContain(other);
  });

  it('MobileNetV2 takes a cup of coffee for a drink: espresso, among the food classes', async () => {
    const classifier = new ClassifierModel(classifiers.mobilenet);
    const coffee = await classifier.predict(await decodeImageBytes(readFileSync(sharedPhoto('coffee.png'))));
    const food = IMAGENET_FOOD.reduce((sum, index) => sum + coffee.probabilities[index]!, 0);
    expect(food).toBeGreaterThan(0.9);
  });
});
