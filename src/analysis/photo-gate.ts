import type { Exposure } from '../vision/colour-reading.js';
import type { Scene, SceneAnimal } from '../vision/describe-scene.js';
import { COCO_NAMES, COCO_UNRELATED_OBJECTS } from '../vision/tables/coco-names.js';
import { SPECIES_NAMES } from '../vision/tables/imagenet-pets.js';
import type { Measurement } from '../findings/measurement.js';
import type { PhotoNeeds } from '../findings/photo-needs.js';
import type { QualityProblem, Refusal, SceneSubject } from '../findings/verdict.js';

/**
 * When a photo cannot be judged (DESIGN.md §4). Lightness is CIELAB L* of the whole frame;
 * sharpness is the analyser's normalised Laplacian variance (in-focus photos measure 0.05 and
 * up, a Gaussian blur of a few pixels drops it below 0.005); coverage is the subject's share of
 * the frame.
 */
export const QUALITY_LIMITS = {
  minBrightness: 18,
  maxBrightness: 97,
  minSharpness: 0.008,
  /**
   * A stool, vomit or urine photo shows its subject large: specks under 5% of the frame are more
   * likely eyes, shadows or dirt than the subject (a dog photo sent to stool analysis measured 2.7%).
   */
  minCoverage: 0.05,
  maxCoverage: 0.92,
} as const;

/**
 * What makes a photo the wrong kind. Detector scores are those of the detector's own threshold
 * and up; shares are of the frame's area.
 */
export const SCENE_LIMITS = {
  /** A specimen photo with an animal or a person this large shows them, not the specimen. */
  specimenAnimalShare: 0.04,
  /**
   * A close-up in which the detector is this sure of a whole animal or a person is not a close-up
   * (a fainter "person" may be the hand that holds the ear flap).
   */
  closeUpScore: 0.5,
  /** An unrelated object this large and this sure is the photo's content. */
  objectShare: 0.1,
  objectScore: 0.5,
  /** With no detector, a whole frame the classifier gives this much pet probability shows a pet. */
  framePetProbability: 0.5,
  /** A "close-up" this much lawn or sky is a photo taken outdoors at a distance. */
  landscapeShare: 0.35,
} as const;

function exposureProblem(exposure: Exposure): QualityProblem | undefined {
  if (exposure.brightness < QUALITY_LIMITS.minBrightness) return 'too_dark';
  if (exposure.brightness > QUALITY_LIMITS.maxBrightness) return 'overexposed';
  if (exposure.sharpness < QUALITY_LIMITS.minSharpness) return 'blurred';
  return undefined;
}

const animalSubject = (animals: readonly SceneAnimal[]): SceneSubject => {
  // The classifier on the crop names the species; the detector's class is only a weak hint.
  const species = animals[0]?.pet?.species;
  return { kind: 'animal', name: species && SPECIES_NAMES[species], count: animals.length };
};

/** The largest unrelated object the detector is sure of, if it fills enough of the frame. */
function unrelatedObject(scene: Scene): SceneSubject | undefined {
  const thing = scene.things.find(
    (candidate) =>
      COCO_UNRELATED_OBJECTS.has(candidate.label) &&
      candidate.score >= SCENE_LIMITS.objectScore &&
      candidate.share >= SCENE_LIMITS.objectShare,
  );
  return thing && { kind: 'object', name: COCO_NAMES[thing.label], label: thing.label };
}

/** What the photo shows instead of what `needs` asks for, or undefined when it may be what it should. */
function wrongSubject(needs: PhotoNeeds, { scene, colour }: Measurement): SceneSubject | undefined {
  const people: SceneSubject = { kind: 'person', count: scene.people.length };
  switch (needs.shows) {
    case 'specimen': {
      const animals = scene.animals.filter((animal) => animal.share >= SCENE_LIMITS.specimenAnimalShare);
      if (animals.length > 0) return animalSubject(animals);
      if (scene.people.some((person) => person.share >= SCENE_LIMITS.specimenAnimalShare)) return people;
      if (scene.frame?.species && scene.frame.speciesProbability >= SCENE_LIMITS.framePetProbability) {
        return { kind: 'animal', name: SPECIES_NAMES[scene.frame.species], count: 1 };
      }
      return unrelatedObject(scene);
    }
    case 'close-up': {
      const animals = scene.animals.filter((animal) => animal.detection.score >= SCENE_LIMITS.closeUpScore);
      if (animals.length > 0) return animalSubject(animals);
      if (scene.people.some((person) => person.score >= SCENE_LIMITS.closeUpScore)) return people;
      const object = unrelatedObject(scene);
      if (object) return object;
      // What the colour analyser alone can tell: a close-up of skin or an ear canal is not a lawn or the sky.
      if (!colour) return undefined;
      if (colour.frame.green >= SCENE_LIMITS.landscapeShare) return { kind: 'landscape', what: 'grass' };
      if (colour.frame.blue_purple >= SCENE_LIMITS.landscapeShare) return { kind: 'landscape', what: 'sky' };
      return undefined;
    }
    case 'animal': {
      if (scene.detected) {
        if (scene.animals.length > 0) return undefined;
        return scene.people.length > 0 ? people : (unrelatedObject(scene) ?? { kind: 'no_animal' });
      }
      // Without a detector, the classifier's best label for the whole frame says what it shows instead.
      return scene.frame && !scene.frame.species
        ? { kind: 'object', name: undefined, label: scene.frame.topLabel }
        : undefined;
    }
    default: {
      const unknown: never = needs.shows;
      throw new Error(`no gate for photos of ${String(unknown)}`);
    }
  }
}

/**
 * The photo gate, before any rule fires: why this photo cannot be judged for an operation that
 * needs `needs`, or undefined when it can. Exposure and focus first (no model can judge a dark
 * photo), then the kind of photo, then, for a specimen, whether a subject stands out at all.
 */
export function gatePhoto(needs: PhotoNeeds, measurement: Measurement): Refusal | undefined {
  const exposure = exposureProblem(measurement.exposure);
  if (exposure) return { reason: 'quality', problem: exposure };
  const shows = wrongSubject(needs, measurement);
  if (shows) return { reason: 'wrong_subject', shows };
  const coverage = measurement.colour?.quality.coverage;
  if (
    needs.subject &&
    coverage !== undefined &&
    (coverage < QUALITY_LIMITS.minCoverage || coverage > QUALITY_LIMITS.maxCoverage)
  )
    return { reason: 'quality', problem: 'no_subject' };
  return undefined;
}
