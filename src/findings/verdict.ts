import type { LocalizedName } from '../vision/tables/imagenet-pets.js';

/**
 * Why a photo cannot be judged, whatever it shows; `no_colour` only for an operation whose verdict
 * reads colours; `not_found` when the operation's localizer found no subject in it; `in_shadow`
 * when the subject it found is mostly crushed to black, where black is a finding (PhotoNeeds.blackIsAFinding);
 * `too_small` when the pet an animal's operation would read fills too little of the frame for its
 * crop to say anything (SCENE_LIMITS.smallPetShare); `red_light` when the red a located subject's
 * finding rests on is its ground's too, a red light or a red surface, not the specimen's
 * (QUALITY_LIMITS.redGround); `faint_find` when a subject only a second look found (the closer
 * look's or the detector's, Location.look) would raise a finding (second-look.ts).
 */
export type QualityProblem =
  | 'too_dark'
  | 'overexposed'
  | 'blurred'
  | 'no_subject'
  | 'no_colour'
  | 'not_found'
  | 'in_shadow'
  | 'red_light'
  | 'faint_find'
  | 'too_small';

/** What a photo of the wrong kind seems to show, as its summary names it. */
export type SceneSubject =
  | { readonly kind: 'animal'; readonly name: LocalizedName | undefined; readonly count: number }
  /**
   * One pet (a dog, a cat) where a close-up of its skin or ear is asked for: the animal rather than
   * the close-up. Not said to be whole: the gate also takes a cat's face filling the frame for one.
   */
  | { readonly kind: 'pet'; readonly name: LocalizedName }
  | { readonly kind: 'person'; readonly count: number }
  | { readonly kind: 'object'; readonly name: LocalizedName | undefined; readonly label: string }
  | { readonly kind: 'no_animal' }
  /** A close-up in which nothing looks like part of an animal: no animal's box, and no fur or skin to the classifier. */
  | { readonly kind: 'no_animal_part' }
  | { readonly kind: 'landscape'; readonly what: 'grass' | 'sky' | 'ground' | 'greenery' }
  /** A meal, a dish or a plate of food, which a specimen that cannot be food is not. */
  | { readonly kind: 'food' }
  /** Stool on the ground, which the detector boxed as an animal: no pet to judge. */
  | { readonly kind: 'stool' }
  /** A drawing, logo, screenshot or other flat graphic, not a photograph. */
  | { readonly kind: 'graphic' }
  /**
   * Something cut out and set on plain white (clip art, a sticker, a stock photo's backdrop): no
   * specimen is photographed where it was found like that.
   */
  | { readonly kind: 'cut_out' }
  /**
   * Part of an animal filling the frame, the detector's box cut by two of its sides or more: fur seen
   * close, which YOLOX-Nano boxes as a bear, is not the whole pet an emotion is read from.
   */
  | { readonly kind: 'part_of_animal' }
  /** A round view with black around it: through a microscope or an eye camera. */
  | { readonly kind: 'round_view' }
  /**
   * What the language model that read the photo says it shows instead, in the answer's language,
   * when its words fit a sentence (photo-check.ts); undefined when they do not.
   */
  | { readonly kind: 'described'; readonly description: string | undefined };

/** Why the photo gate refused a photo: its quality, or the wrong kind of photo. */
export type Refusal =
  | { readonly reason: 'quality'; readonly problem: Exclude<QualityProblem, 'too_small'> }
  /** …with the share of the frame the pet had to fill, which its summary quotes. */
  | { readonly reason: 'quality'; readonly problem: 'too_small'; readonly minShare: number }
  | { readonly reason: 'wrong_subject'; readonly shows: SceneSubject };

/** The gate's word and, past it, the operation's findings: one or the other, never both. */
export type Verdict<Findings> =
  | { readonly judged: true; readonly findings: Findings }
  | { readonly judged: false; readonly refusal: Refusal };
