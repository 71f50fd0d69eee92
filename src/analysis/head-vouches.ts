import type { PhotoNeeds } from '../findings/photo-needs.js';
import type { Refusal, SceneSubject } from '../findings/verdict.js';
import type { Measurement } from '../findings/measurement.js';
import { readTrainedHead, type TrainedHeadModel } from '../vision/heads/trained-head-model.js';

/**
 * What the photo gate may take a real close-up for, from readings that a coat, a lesion or a canal
 * seen close can give: the ground or the sky, nothing like part of an animal, an animal (a pet) or a thing
 * the classifier half-recognises in it. Not what the photo positively is (a person, food, stool, a
 * drawing, a screen, a round view, a cut-out) nor any quality problem.
 */
const MISTAKEN_FOR: ReadonlySet<SceneSubject['kind']> = new Set([
  'landscape',
  'no_animal_part',
  'animal',
  'pet',
  'object',
]);

/**
 * Whether a clinic's head vouches for a close-up the photo gate refused as the wrong kind: the
 * photo lies as near the head's training photos as the typical one of them (HeadReading.typical),
 * or is a copy of one (HeadReading.recalled), so it is a photo of the kind the clinic chose to
 * teach, whatever the generic models made of it.
 * Measured (2026-12-01) with a cat skin head trained on 4/5 of the scenes of shared/photos-real's
 * 300 cat close-ups: of the other fifth (67 photos), the gate refused 8, and 5 of them lie within
 * the head's typical distance (0.86–0.91 against its 0.944); of 851 photos of other things at hand (the
 * 586 stool photos, GCompris's whole animals and everyday things, MATE's nature photos, the shared
 * photos of whole cats, dogs and fruit), none does (1.06 and more; the cats 1.14 and 1.34). The dog
 * lesion close-ups that do were all judged already.
 */
export async function headVouches(
  needs: PhotoNeeds,
  refusal: Refusal,
  head: TrainedHeadModel | undefined,
  { features, thumbnail }: Pick<Measurement, 'features' | 'thumbnail'>,
): Promise<boolean> {
  if (!head || needs.shows !== 'close-up' || refusal.reason !== 'wrong_subject') return false;
  if (!MISTAKEN_FOR.has(refusal.shows.kind)) return false;
  // A copy of one of its own photos is typical of them (recalledAs).
  return (await readTrainedHead(head, features, thumbnail))?.typical === true;
}
