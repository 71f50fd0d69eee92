import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { decodeImageBytes } from '../../src/image/decode-image.js';
import { ClassifierModel } from '../../src/vision/classifier-model.js';
import { loadModel, ModelLoadError } from '../../src/vision/runtime/load-model.js';
import { MANIFEST_FILE } from '../../src/vision/runtime/model-manifest.js';
import { describeWithShared, sharedPhoto } from '../fixtures/shared-assets.js';
import { sharedClassifiers } from '../fixtures/shared-classifiers.js';

const photo = async (name: string, width?: number) => {
  const bytes = readFileSync(sharedPhoto(name));
  return decodeImageBytes(width ? await sharp(bytes).resize({ width }).jpeg({ quality: 85 }).toBuffer() : bytes);
};

const cosine = (a: Float32Array, b: Float32Array) => {
  let [dot, aa, bb] = [0, 0, 0];
  a.forEach((value, i) => {
    dot += value * b[i]!;
    aa += value * value;
    bb += b[i]! * b[i]!;
  });
  return dot / Math.sqrt(aa * bb);
};

describeWithShared('penultimate features of an installed backbone (issue 24)', () => {
  const classifiers = sharedClassifiers('pawlens-penultimate-');
  const { modelsDir } = classifiers;

  /** A photo's classification by a copy of the installed model `name` whose manifest names no penultimate features. */
  const withoutPenultimate = async (name: string, photoName: string) => {
    const plainDir = join(modelsDir, `${name}-plain`);
    cpSync(join(modelsDir, name), plainDir, { recursive: true });
    const { penultimate: _, ...plainManifest } = JSON.parse(readFileSync(join(plainDir, MANIFEST_FILE), 'utf8'));
    writeFileSync(join(plainDir, MANIFEST_FILE), JSON.stringify(plainManifest));
    const plain = await loadModel(plainDir);
    try {
      return await new ClassifierModel(plain).predict(await photo(photoName));
    } finally {
      await plain.release();
    }
  };

  it('MobileNetV2 gives its 1280 features from the same run as its classes, unchanged by them', async () => {
    const classifier = new ClassifierModel(classifiers.mobilenet);
    expect(classifier.featureSize).toBe(1280);
    const dog = await classifier.predict(await photo('wml_dog.jpg'));
    const { mean } = dog.features!;
    expect(mean).toHaveLength(1280);
    // After ReLU6: none negative, none above 6, and most of them something.
    expect(Math.min(...mean)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...mean)).toBeLessThanOrEqual(6.5);
    expect(mean.filter((value) => value > 0).length).toBeGreaterThan(400);
    // The classes are those of the same model loaded without the extra output.
    const plainDog = await withoutPenultimate('mobilenetv2-12-int8', 'wml_dog.jpg');
    expect(plainDog.features).toBeUndefined();
    expect(dog.probabilities).toEqual(plainDog.probabilities);
    expect(dog.probabilities.indexOf(Math.max(...dog.probabilities))).toBe(207);
    const again = await classifier.predict(await photo('wml_dog.jpg'));
    expect(again.features).toEqual(dog.features);
  });

  it("MobileNetV2 also gives the peak of its last feature map: each channel's largest cell (issue 40)", async () => {
    const classifier = new ClassifierModel(classifiers.mobilenet);
    expect(classifier.peakSize).toBe(1280);
    const dog = await classifier.predict(await photo('wml_dog.jpg'));
    const { data, grid, channels } = dog.maps![0]!;
    expect(channels).toBe(1280);
    const cells = grid * grid;
    const { peak } = dog.features!;
    expect(peak).toHaveLength(1280);
    for (const channel of [0, 1, 500, 1279]) {
      const own = data.subarray(channel * cells, (channel + 1) * cells);
      expect(peak![channel]).toBe(Math.max(...own));
    }
    // A peak is never under its channel's mean over the cells, and above it where the channel is uneven.
    let above = 0;
    for (let channel = 0; channel < channels; channel++) {
      const own = data.subarray(channel * cells, (channel + 1) * cells);
      const mean = own.reduce((sum, value) => sum + value, 0) / cells;
      expect(peak![channel]).toBeGreaterThanOrEqual(mean - 1e-6);
      if (peak![channel]! > mean + 1e-3) above++;
    }
    expect(above).toBeGreaterThan(400);
  });

  it('features say what the photo shows: a smaller copy of the dog is nearer the dog than the cat is', async () => {
    const classifier = new ClassifierModel(classifiers.mobilenet);
    const [dog, smallerDog, cat, kitten] = await Promise.all(
      [photo('wml_dog.jpg'), photo('wml_dog.jpg', 400), photo('chelsea.png'), photo('kitten_224.png')].map(
        async (image) => (await classifier.predict(await image)).features!.mean,
      ),
    );
    expect(cosine(dog!, smallerDog!)).toBeGreaterThan(0.9);
    expect(cosine(dog!, smallerDog!)).toBeGreaterThan(cosine(dog!, cat!) + 0.2);
    expect(cosine(cat!, kitten!)).toBeGreaterThan(cosine(dog!, cat!));
  });

  it("SqueezeNet gives the mean of its last fire module's cells, a float16 map read as floats; without them in its manifest, none", async () => {
    const classifier = new ClassifierModel(classifiers.squeezenet);
    expect(classifier.featureSize).toBe(512);
    const kitten = await classifier.predict(await photo('kitten_224.png'));
    const { mean } = kitten.features!;
    expect(mean).toHaveLength(512);
    expect(Math.min(...mean)).toBeGreaterThanOrEqual(0);
    expect(mean.filter((value) => value > 0).length).toBeGreaterThan(200);
    const plainKitten = await withoutPenultimate('squeezenet1.0', 'kitten_224.png');
    expect(plainKitten.features).toBeUndefined();
    // The same classes to half precision: with the map an output, onnxruntime rounds it to float16
    // once more on its way to the class scores (measured: 1e-7 of probability at most).
    const largestGap = Math.max(...kitten.probabilities.map((p, i) => Math.abs(p - plainKitten.probabilities[i]!)));
    expect(largestGap).toBeLessThan(1e-5);
    expect(kitten.probabilities.indexOf(Math.max(...kitten.probabilities))).toBe(281);
  });

  it('a manifest naming a tensor the graph lacks fails the load, naming the file', async () => {
    const dir = join(modelsDir, 'mobilenetv2-12-int8');
    const manifest = JSON.parse(readFileSync(join(dir, MANIFEST_FILE), 'utf8'));
    manifest.penultimate.tensor = 'no_such_tensor';
    writeFileSync(join(dir, MANIFEST_FILE), JSON.stringify(manifest));
    await expect(loadModel(dir)).rejects.toThrow(ModelLoadError);
    await expect(loadModel(dir)).rejects.toThrow(/model\.onnx/);
  });
});
