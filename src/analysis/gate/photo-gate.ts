import type { Exposure } from '../../vision/pixels/colour-reading.js';
import type { Quality } from '../../vision/colour-quality-model.js';
import type { ToneReading } from '../../vision/pixels/photo-character.js';
import { unrelatedObject, wholePerson } from './boxed-subject.js';
import { boxesNameNoAnimal, notAPet, petTooSmall } from './pets-only.js';
import { type Measurement, measuredTones } from '../../findings/measurement.js';
import type { PhotoNeeds } from '../../findings/photo-needs.js';
import type { QualityProblem, Refusal, SceneSubject } from '../../findings/verdict.js';
import { isEyeCameraView, isGraphic, isRoundView, isTransparentPicture, lacksColour } from './picture-character.js';
import { frameReptile, unboxedAnimal, unboxedWildAnimal } from './frame-subject.js';
import { SCENE_LIMITS } from '../limits/gate-limits.js';
import { QUALITY_LIMITS } from '../limits/quality-limits.js';
import { animalsAreStool } from './located-subject.js';
import { wrongForSpecimen } from './specimen-gate.js';
import { wrongForCloseUp } from './close-up-gate.js';

/**
 * Whether the gate for `needs` reads the photo's tones: to refuse a photo without colour, or a
 * specimen whose edges show a scene. The measure step reads them exactly then: for an animal's
 * photo (breed, emotion) the palette alone is read, a third of the cost.
 */
export const gateReadsTones = (needs: PhotoNeeds) => needs.colour || needs.subject;

/**
 * A flat graphic or a round view through an instrument, when the photo is one of them and the
 * operation does not take it; an operation that takes round views (an otoscope's) does not take an
 * eye camera's either (isEyeCameraView).
 */
function pictureKind(needs: PhotoNeeds, measurement: Measurement): SceneSubject | undefined {
  if (isGraphic(measurement.palette)) return { kind: 'graphic' };
  const { litArea, tones } = measurement;
  const refused = needs.roundView ? isEyeCameraView(litArea, tones) : isRoundView(litArea);
  return refused ? { kind: 'round_view' } : undefined;
}

function exposureProblem(
  exposure: Exposure,
): Extract<QualityProblem, 'too_dark' | 'overexposed' | 'blurred'> | undefined {
  if (exposure.brightness < QUALITY_LIMITS.minBrightness) return 'too_dark';
  if (exposure.brightness > QUALITY_LIMITS.maxBrightness) return 'overexposed';
  if (exposure.sharpness < QUALITY_LIMITS.minSharpness) return 'blurred';
  return undefined;
}

/** What the photo shows instead of what `needs` asks for, or undefined when it may be what it should. */
function wrongSubject(needs: PhotoNeeds, measurement: Measurement): SceneSubject | undefined {
  const { scene } = measurement;
  // A reptile the classifier is sure of is what the photo shows, whatever the detector boxes in it
  // (a Komodo dragon as a person, a crocodile's scales as a bird) or the stool localizer fires on (a
  // chameleon's body): no specimen, no pet's skin, no pet (SCENE_LIMITS.frameReptileProbability).
  // Breed names the animals the detector boxes itself, a reptile too.
  const reptile = frameReptile(scene);
  const people: SceneSubject = { kind: 'person', count: scene.people.length };
  switch (needs.shows) {
    case 'specimen':
      return reptile ?? wrongForSpecimen(needs, measurement);
    case 'close-up':
      return reptile ?? wrongForCloseUp(needs, measurement);
    case 'animal': {
      if (scene.detected) {
        // YOLOX-Nano boxes a pile of stool on a lawn as a bear or a dog, whose crop the classifier may read as a dog.
        if (animalsAreStool(scene)) return { kind: 'stool' };
        // …and boxes of things it took for animals (lightning as a giraffe) are none, to emotion.
        const animals = needs.petOnly && boxesNameNoAnimal(scene) ? [] : scene.animals;
        if (animals.length > 0) return needs.petOnly ? (reptile ?? notAPet(animals, scene.frame)) : undefined;
        // A person seen whole is what the photo shows; a hand, a foot or a box the detector is unsure
        // of is named only where nothing else is (wholePerson). Not over an animal that is no pet, which
        // the classifier, reading the whole frame, is as sure of as an unboxed one must be
        // (unboxedWildAnimal): YOLOX-Nano boxes a king penguin filling the frame as a person (0.80),
        // which the classifier reads 0.999 a bird. A pet read so is not asked: a person holding a
        // kitten too close to box is still a person.
        if (scene.people.some(wholePerson)) return reptile ?? unboxedWildAnimal(scene) ?? people;
        const instead = unrelatedObject(scene) ?? reptile ?? unboxedAnimal(scene);
        return instead ?? (scene.people.length > 0 ? people : { kind: 'no_animal' });
      }
      // Without a detector, the classifier's best label for the whole frame says what it shows instead.
      if (!scene.frame || scene.frame.species) return undefined;
      const { topName: name, topLabel: label, topIsAnimal } = scene.frame;
      return topIsAnimal ? { kind: 'animal', name, count: 1 } : { kind: 'object', name, label };
    }
    default: {
      const unknown: never = needs.shows;
      throw new Error(`no gate for photos of ${String(unknown)}`);
    }
  }
}

/**
 * The photo gate, before any rule fires: why this photo cannot be judged for an operation that
 * needs `needs`, or undefined when it can. A transparent picture first, where colours are judged;
 * then exposure and focus (no model can judge a dark photo), then whether it is a photograph at
 * all (not a drawing or a round view through an instrument), then colour where the verdict reads
 * it, then what the photo shows, then, for a specimen, whether a subject stands out at all, as one
 * thing on one surface.
 */
export function gatePhoto(needs: PhotoNeeds, measurement: Measurement): Refusal | undefined {
  // A picture with a transparent background is clip art, a sticker or a cut-out, whose colours are
  // no specimen's or skin's; its white, where it is flattened, is no overexposure. Not a photo
  // rotated or letterboxed in an editor, whose opaque part is a rectangle (a disc is something
  // round cut out), unless more is transparent than such a photo leaves (framedTransparentShare);
  // and not for an animal lifted from its background (breed, emotion).
  if (needs.colour && isTransparentPicture(measurement.transparency))
    return { reason: 'wrong_subject', shows: { kind: 'graphic' } };
  const exposure = exposureProblem(measurement.exposure);
  if (exposure) return { reason: 'quality', problem: exposure };
  const picture = pictureKind(needs, measurement);
  if (picture) return { reason: 'wrong_subject', shows: picture };
  if (needs.colour && lacksColour(measuredTones(measurement))) return { reason: 'quality', problem: 'no_colour' };
  const shows = wrongSubject(needs, measurement);
  if (shows) return { reason: 'wrong_subject', shows };
  if (needs.shows === 'animal' && petTooSmall(measurement.scene.animals))
    return { reason: 'quality', problem: 'too_small', minShare: SCENE_LIMITS.smallPetShare };
  const { location, subject } = measurement;
  // A localizer that looked and found no subject: nothing to judge. One that found it says where it
  // is, and the subject must stand out from the ground around it there, not from the frame's edges.
  if (needs.subject && location) {
    if (!subject) return { reason: 'quality', problem: 'not_found' };
    if (!subject.standsOut) return { reason: 'quality', problem: 'no_subject' };
    return needs.blackIsAFinding && subject.crushedShare >= QUALITY_LIMITS.crushedSubject
      ? { reason: 'quality', problem: 'in_shadow' }
      : undefined;
  }
  const quality = measurement.colour?.quality;
  if (needs.subject && quality && !standsOut(quality, measuredTones(measurement)))
    return { reason: 'quality', problem: 'no_subject' };
  return undefined;
}

/** Whether a specimen's subject stands out as one thing of a judgeable size on one surface (QUALITY_LIMITS). */
const standsOut = ({ coverage, subjectSolidity }: Quality, { sideContrast }: ToneReading) =>
  coverage >= QUALITY_LIMITS.minCoverage &&
  coverage <= QUALITY_LIMITS.maxCoverage &&
  subjectSolidity >= QUALITY_LIMITS.minSolidity &&
  sideContrast <= QUALITY_LIMITS.maxSideContrast;
