import { DEFAULT_INTAKE_LIMITS, type DecodeSize } from '../image/decode-image.js';
import { LLM_IMAGE_LONG_SIDE } from '../narration/llm/llm-image.js';
import type { Operation } from '../operations/operation.js';
import type { VisionModels } from '../vision/vision-models.js';

/**
 * The detail a classifier's answer is read at: its crops are cut from the photo at up to this
 * long side, as they were when its answers were validated. Measured on the shared photos: cut from
 * a 416 px decode instead, MobileNetV2 names the horse in darknet_person.jpg a dog (33%) and gives
 * the tabby in chelsea.png 0.66 where it gave 0.74.
 */
export const CLASSIFIER_DETAIL: DecodeSize = { longSide: DEFAULT_INTAKE_LIMITS.analysisLongSide, shortSide: 0 };

/**
 * How large one request's photo is decoded: the largest of what its consumers need, and no more.
 * The colour analyser (or the exposure check, which reads the same input) always; the scene models
 * when installed; the classifier's full detail when its reading of a detected animal is the
 * answer (a breed with SqueezeNet alone then decodes to about 224 px, not 1024); the language
 * model's image when the model will be asked. A 12 MP stool photo then decodes to 416 px, shrunk
 * in the JPEG's DCT as it loads, instead of 1024.
 */
export function decodeSizeFor(operation: Operation, models: VisionModels, narrated: boolean): DecodeSize {
  const needs: DecodeSize[] = [models.colour.needs];
  if (models.detector) needs.push(models.detector.needs);
  // Full detail for crops cut from a detector's boxes; without a detector the classifier reads the
  // whole frame, resized to its input, and its input's size is all the detail it can use.
  if (models.classifier)
    needs.push(operation.reads.species && models.detector ? CLASSIFIER_DETAIL : models.classifier.needs);
  if (narrated) needs.push({ longSide: LLM_IMAGE_LONG_SIDE, shortSide: 0 });
  return {
    longSide: Math.max(...needs.map((size) => size.longSide)),
    shortSide: Math.max(...needs.map((size) => size.shortSide)),
  };
}

/**
 * How many animals' crops the classifier reads, largest first: the one the answer or the gate's
 * refusal names, and up to three when a language model is told what the photo shows.
 */
export function animalsToClassify(operation: Operation, narrated: boolean): number {
  if (narrated) return 3;
  return operation.reads.species || operation.needs.shows !== 'animal' ? 1 : 0;
}
