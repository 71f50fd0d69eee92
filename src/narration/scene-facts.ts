import type { Language } from '../contract/language.js';
import type { Scene } from '../vision/scene/describe-scene.js';
import { COCO_NAMES } from '../vision/tables/coco-names.js';
import { SPECIES_NAMES } from '../vision/tables/imagenet-pets.js';
import { localeFor } from './locales/locale-for.js';
import { percent } from './percent.js';

/** What the scene models saw, as the language model is told it: the same facts the gate used. */
export function sceneFacts(scene: Scene, language: Language): string[] {
  const t = localeFor(language);
  if (!scene.detected) return [t.prompt.sceneUnverified];
  const named = [
    // An animal is named by the classifier's species when it has one; the detector's class is a weak hint.
    ...scene.animals.map(({ detection, share, pet }) => ({
      name:
        (pet?.species && SPECIES_NAMES[pet.species][language]) ??
        COCO_NAMES[detection.label]?.[language] ??
        detection.label,
      score: detection.score,
      share,
    })),
    ...[...scene.people, ...scene.things].map(({ label, score, share }) => ({
      name: COCO_NAMES[label]?.[language] ?? label,
      score,
      share,
    })),
  ];
  if (named.length === 0) return [t.prompt.sceneLine('—')];
  return [
    t.prompt.sceneLine(
      named.map(({ name, score, share }) => t.prompt.sceneObject(name, percent(score), percent(share))).join(', '),
    ),
  ];
}
