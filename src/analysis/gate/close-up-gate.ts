import type { Placement, Scene, SceneAnimal } from '../../vision/scene/describe-scene.js';
import { PET_KINDS } from '../../vision/scene/animal-name.js';
import { type Measurement, measuredTones } from '../../findings/measurement.js';
import type { PhotoNeeds } from '../../findings/photo-needs.js';
import type { SceneSubject } from '../../findings/verdict.js';
import {
  animalSubject,
  crowdShown,
  furBoxedAsBear,
  partOfNonPet,
  reachesIn,
  seenWhole,
  smallWholePet,
  unrelatedObject,
  wholePerson,
  wholeVehicle,
} from './boxed-subject.js';
import { frameAnimal, frameBird, frameFish, frameObject, framePet, frameWholeMammal } from './frame-subject.js';
import { SCENE_LIMITS } from '../limits/gate-limits.js';
import { GROUND_LIMITS } from '../limits/ground-limits.js';
import { isCutOut, isRoundView } from './picture-character.js';
import { stoolOnGround } from './located-subject.js';
import { coatShown } from './specimen-gate.js';

/*
 * The photo gate's question for a close-up (skin, ear: PhotoNeeds.shows 'close-up'): what the photo
 * shows instead of part of an animal, where anything does. photo-gate.ts asks it.
 */

/** The share of the frame that is pink or red, the colours of bare skin (0 where colour was not measured). */
const skinColourShare = ({ colour }: Measurement): number => (colour ? colour.frame.pink + colour.frame.red : 0);

/** Pink and red filling the frame, where the classifier leans a little to an animal: bare, inflamed skin (SCENE_LIMITS.bareSkinShare). */
const bareSkinFillsFrame = (measurement: Measurement): boolean =>
  skinColourShare(measurement) >= SCENE_LIMITS.bareSkinShare &&
  (measurement.scene.frameAnimalShare ?? 0) >= SCENE_LIMITS.bareSkinAnimalShare;

/**
 * Whether a close-up is an instrument's round view that its operation takes (an otoscope's lit disc
 * in black, for ear): seen through the disc, not framed by the photo's edges. The detector's box of
 * the disc is no animal or person seen whole there, and the ground's readings (its classes, the
 * lawn's, the stool localizer's) are an outdoor photo's, not an ear canal's. Measured (2026-12-05,
 * recommended models) on 205 real skin close-ups' middle halves (the 105 dogs', 20 of each cat
 * condition) set in such a disc, sent to ear: 16 had been refused as the wrong kind of photo (6
 * boxed as a cat inside the frame, their crops a nautilus or a jellyfish; 4 the ground; a cat, 2
 * dogs and a person; 2 no part of an animal), 4 now (a dog to the classifier, and 3 whose dark rim
 * merges with the black, so that the lit area's edge lies on no circle). Of 4,287 other real
 * pictures (the 586 stool photos, the 405 close-ups and their middle halves, Debian's, GCompris's
 * and Tux Paint's, lawns, food), two are round views, a screwdriver (a tool to the classifier,
 * still refused) and a die (judged as before). No real otoscope photo was at hand.
 */
const throughInstrument = (needs: PhotoNeeds, { litArea }: Measurement): boolean =>
  needs.roundView && isRoundView(litArea);

/**
 * Whether a close-up may show part of an animal: the detector boxes one or a hand reaching in (holding
 * the fur or the ear flap), the classifier reads fur or skin (without one that can tell, it may),
 * bare skin fills the frame, or it is a round view its operation takes (an otoscope's: the canal).
 * Asked once whole animals, people and vehicles are refused: a person left is a hand or an arm.
 */
function showsPartOfAnimal(needs: PhotoNeeds, measurement: Measurement): boolean {
  const { scene } = measurement;
  if (scene.animals.length > 0 || scene.frameAnimalPart !== false || bareSkinFillsFrame(measurement)) return true;
  // A small person cut by the frame is a hand reaching in; a large one (hands round the pet, or a face) says nothing by itself.
  if (scene.people.some(reachesIn)) return true;
  return throughInstrument(needs, measurement);
}

/** A box of a coat that fills the frame: it runs off two sides, or covers SCENE_LIMITS.coatFillsFrameShare of it. */
const fillsFrame = ({ share, cutSides }: Placement) => cutSides >= 2 || share >= SCENE_LIMITS.coatFillsFrameShare;

/** How sure the classifier must be of a pet for a close-up to show one (SCENE_LIMITS.unboxedFramePetProbability). */
const closeUpPetLimit = (scene: Scene) =>
  scene.detected && scene.animals.every(fillsFrame)
    ? SCENE_LIMITS.unboxedFramePetProbability
    : SCENE_LIMITS.framePetProbability;

/** What a close-up (skin, ear) shows instead of part of an animal, or undefined when it may show one. */
function whatCloseUpShows(needs: PhotoNeeds, measurement: Measurement): SceneSubject | undefined {
  const { scene, colour } = measurement;
  // Something cut out and set on white is seen whole, however much of the frame it fills and
  // however its outline touches the frame's edges.
  const cutOut = isCutOut(measurement.litArea, measurement.transparency);
  const instrument = throughInstrument(needs, measurement);
  // A box the detector is sure of that is no coat filling the frame, or one it is unsure of whose
  // crop the classifier surely names the same pet (smallWholePet): seen whole, unless through an
  // instrument, whose round view is the canal; part of an animal that is no pet, either way.
  const sure = (animal: SceneAnimal) => animal.detection.score >= SCENE_LIMITS.closeUpScore && !furBoxedAsBear(animal);
  const animals = scene.animals.filter(
    (animal) =>
      (!instrument && ((sure(animal) && (cutOut || seenWhole(animal, scene.frame))) || smallWholePet(animal))) ||
      (sure(animal) && partOfNonPet(animal)),
  );
  if (animals.length > 0) return animalSubject(animals, true);
  if (!instrument && scene.people.some(wholePerson)) return { kind: 'person', count: scene.people.length };
  const shown =
    (needs.recognisablePet ? undefined : framePet(scene, closeUpPetLimit(scene))) ??
    frameBird(scene) ??
    frameFish(scene) ??
    frameWholeMammal(scene) ??
    unrelatedObject(scene) ??
    frameObject(scene, needs) ??
    wholeVehicle(scene) ??
    crowdShown(scene);
  if (shown) return shown;
  // …and is no close-up even where nothing in it is boxed or named.
  if (cutOut) return showsPartOfAnimal(needs, measurement) ? frameAnimal(scene) : { kind: 'no_animal_part' };
  // No ground, lawn or sky is seen through an instrument's round view: it shows the canal (showsPartOfAnimal).
  if (instrument) return undefined;
  // Fur the classifier is sure of outweighs a reading of the ground, where the operation lets it
  // and the stool localizer looked and found no stool (a dog's flank on a tiled floor), or skin
  // shows through the fur the localizer fired on (GROUND_LIMITS.skinThroughFurShare). Where it found
  // stool, a coat the detector boxes large outweighs it too; a pale lawn, fur to the classifier
  // alone, does not (GROUND_LIMITS.stoolGroundCoatBoxShare). A lawn filling the frame is read as
  // the birds and balls found on one too (IMAGENET_LAWN).
  const furOutweighs = needs.furOutweighsStoolOnGround && coatShown(scene);
  const ground = scene.frameLawn ?? 0;
  const skinShows = skinColourShare(measurement) >= GROUND_LIMITS.skinThroughFurShare;
  const furOutweighsGround = furOutweighs && (scene.frameStool === false || skinShows);
  if (ground >= GROUND_LIMITS.groundProbability && !furOutweighsGround) return { kind: 'landscape', what: 'ground' };
  // …and one read so faintly whose fine texture runs every way, as blades cross where hairs lie combed.
  const { lawnProbability, coherence } = GROUND_LIMITS.lawnStrands;
  if (ground >= lawnProbability && (measurement.strands ?? 1) < coherence && !furOutweighsGround)
    return { kind: 'landscape', what: 'grass' };
  // …and one whose features lie as near the stool photos' ground as their own lawns do, whatever
  // its classes: the stool localizer's reading of it (LocalizerSpec.ground).
  if (scene.frameStoolGround) return { kind: 'landscape', what: 'ground' };
  const coatBoxed = scene.animals.some((animal) => animal.share >= GROUND_LIMITS.stoolGroundCoatBoxShare);
  if (stoolOnGround(scene) && !(furOutweighs && (skinShows || coatBoxed))) return { kind: 'landscape', what: 'ground' };
  // What colour alone can tell: a close-up of skin or an ear canal is not a lawn or the sky. A lawn
  // the palette names green, or one whose green the palette names grey (turf, shade: by its hue).
  if (colour && colour.frame.green >= SCENE_LIMITS.landscapeShare) return { kind: 'landscape', what: 'grass' };
  if (measuredTones(measurement).greenShare >= SCENE_LIMITS.greenShare) return { kind: 'landscape', what: 'grass' };
  if (colour && colour.frame.blue_purple >= SCENE_LIMITS.landscapeShare) return { kind: 'landscape', what: 'sky' };
  // …and, where a classifier read the frame, that it shows part of an animal at all.
  if (!showsPartOfAnimal(needs, measurement)) return { kind: 'no_animal_part' };
  // Less green than a lawn, but more than any skin or ear close-up shows: plants round a whole animal.
  return colour && colour.frame.green >= SCENE_LIMITS.greeneryShare
    ? { kind: 'landscape', what: 'greenery' }
    : undefined;
}

/**
 * One pet named by its species, where a close-up of its skin or ear is asked for: "not a close-up of
 * its skin", since the skin is the pet's. Not "whole": of the 300 real cat close-ups, 7 are refused
 * so, faces filling the frame that the detector boxes inside it and the classifier is sure of.
 */
const asPet = (shows: SceneSubject | undefined): SceneSubject | undefined =>
  shows?.kind === 'animal' && shows.count === 1 && shows.name && PET_KINDS.has(shows.name)
    ? { kind: 'pet', name: shows.name }
    : shows;

/** What a close-up (skin, ear) shows instead of part of an animal, a pet named as one; undefined when it may show one. */
export const wrongForCloseUp = (needs: PhotoNeeds, measurement: Measurement): SceneSubject | undefined =>
  asPet(whatCloseUpShows(needs, measurement));
