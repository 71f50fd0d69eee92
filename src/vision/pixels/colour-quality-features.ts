import { COLOUR_NAMES } from '../tables/colour-palette.js';

/** Side of the square the analyser sees; colour shares and sharpness are measured at this size. */
export const ANALYSER_SIZE = 192;

/**
 * How the subject is told from its background. The frame is averaged in `cell` × `cell` squares
 * (48 × 48 of them); the outer `ring` of squares is the background's sample (368 squares). A
 * square is background when at least `matches` of those (3% of the ring) lie within `minDeltaE`
 * of it: every colour the background shows along the frame's edge, however varied (grass, gravel,
 * tiles and grout, a brick wall), stays background, and a subject touching the edge on less than
 * 3% of it stays subject. A surface that fills the frame then has no subject at all. Set on
 * generated scenes with camera noise (stool on a floor, tiles, gravel and grass; textures filling
 * the frame), not on real photos: a guess until real ones say otherwise.
 */
export const BACKGROUND = {
  cell: 4,
  ring: 2,
  matches: 12,
  minDeltaE: 12,
  /**
   * Width of the soft edge of that threshold, in ΔE. Narrow on purpose: a wide edge lets every
   * background square leak a little weight into the subject.
   */
  softness: 1.2,
} as const;

/**
 * How small patches of one colour are read (`patch.<colour>`), so a lesion of a few percent of a
 * close-up counts while the same share of scattered pixels (noise, a warm cast over pink skin)
 * does not. The frame is read in overlapping windows (`window` px of the analyser's input, every
 * `stride` px: 23 × 23 windows, each 0.7% of the frame); a window counts for a colour by how much
 * of it that colour holds, from nothing at `from` to fully at `to`. Because `from` + `to` ≥ 1, the
 * counts of all colours in one window add up to at most one (two colours sharing it count
 * (s₁ + s₂ − 2·from) / (to − from) ≤ 1), so `patch.red + patch.dark_red` reads the share of the
 * frame in patches that red and dark red fill together, as a mottled lesion is. A ramp from a
 * fifth: a colour scattered over fewer than a fifth of a window's pixels (noise, hairs) counts
 * nothing, and a lesion split between two neighbouring colours loses about a quarter of its area.
 * Chosen on generated close-ups (a 3% red patch measures 3.1%, a 3% crust split between amber and
 * yellow 2.2%; 3% of red in scattered dots measures 0): guesses until real lesion photos say otherwise.
 */
export const PATCHES = { window: 16, stride: 8, from: 0.2, to: 0.8 } as const;

/**
 * The subject's interior: its pixels at least `inset` px (of the analyser's input) inside its
 * outline. Grain is read there (the outline itself is an edge, not grain), and the interior's share
 * of the subject is its solidity (`quality.subject_solidity`): about 0.85 for a stool or a puddle
 * a third of the frame wide, near 0 for a pattern of small pieces or thin lines (gravel, the
 * mortar between bricks, coins on a table) that differs from the border only piece by piece.
 */
export const SUBJECT_INTERIOR = { inset: 3 } as const;

/**
 * How grain is read (`quality.subject_grain`): the mean difference, in L*, between a pixel's
 * lightness and the mean of its `neighbourhood` × `neighbourhood` square, over the subject's
 * interior (SUBJECT_INTERIOR). Granules of a pixel or two at the analyser's size raise it; smooth
 * matter, shading and the light fall-off across a photo do not. The threshold that calls a
 * subject granular lives with the rules that read it (rule-table.ts).
 */
export const GRAIN = { neighbourhood: 5 } as const;

/**
 * How redness is read against the photo itself (`relative.redder_patches`): the share of the frame
 * in patches (PATCHES) of pixels whose a* (CIELAB's green–red axis) exceeds the frame's median by
 * `delta`, with a red-to-pink hue (from `minHue` to `maxHue` degrees) and not in deep shadow
 * (`minLightness`); the median is that of the cells' mean a* (BACKGROUND.cell). Real lesion photos
 * are often dim or grey-cast: pyoderma papules a vet sees as red measure #b0898e–#b25f67 on skin of
 * #aa9ea0, and the palette names them pink on grey, so `patch.red` misses them; next to the photo's
 * own skin and fur they stand out by 10–30 in a*. The hue keeps out what is redder than fur but
 * not red: ginger and brown coats, a hand parting the fur (hues of 40–70°). A frame whose median
 * is green (`leastMedian`) has no skin or fur around the red: a brown stool on a lawn or turf is
 * redder than the grass by 15–25, and it is not a lesion. `leastMedian` was -1 until 2026-12-04:
 * white fur and grey skin in cool light have a median of -1 to -3 (a white dog's pyoderma, magenta
 * patches a vet calls red, read -1.7), and their red was not looked at. Of the 405 real close-ups,
 * 13 lie between -1 and -5; at -3, skin findings 6 more (a red patch on white fur, pink lumps and
 * ringworm on a tabby's head, a scabbed ear on pavement; by eye all red or pink on the skin, though
 * two are held in a hand); none of 427 lawn crops, 69 lawn squares, 586 stool photos or 1,600
 * Debian pictures changed. At -5, one stool photo more, a brown stool on green turf. (Most lawns
 * are refused before their colours are read: 123 of the 427 crops lie under -5, half over -1.)
 * Measured with the recommended models on shared/photos-real and the stool set sent to skin
 * analysis: skin findings on 105 dog lesion photos 18 → 36 (most of the new ones red by eye; in
 * one or two the redder pixels are a pink hand holding the fur), on 300 cat lesion photos 47 → 86;
 * on the 586 stool photos 10 findings without `leastMedian` (reddish stool on green turf), none
 * with it; of 709 Tux Paint stamps (cut-out photos and drawings of animals, food and things), 2
 * more findings (a rhea and a beaver on white). `delta` was 12 until 2026-12-03: at 10, on the
 * same photos, cat lesions 87 → 109 findings (flea allergy's red scabs 12 → 20 of 60; by eye about
 * 19 of the 22 new ones red, the others a date stamp, a cat in a blue bowl, a pink ear), dog lesions
 * 37 → 39, and of 1,139 other pictures (Debian's and Tux Paint's) one more, a fish's scales; none
 * on the 586 stool photos or on 69 photos of whole animals. At 8, 12 more (10 red by eye, a hand
 * holding a ginger tail, a cat held up on a lawn). `maxHue` was 35 until the next session of
 * 2026-12-03: real lesions a vet sees as red measure hues of 30–50° in dim or warm light (a
 * ringworm ring on pale skin, a red patch on ginger fur), and the summary said "no redness" of
 * them. At 40, skin findings on the 405 close-ups 15 more (by eye 10 red lesions; 5 where the
 * redder pixels are hands holding the cat or a pink chin); at 42, 24 (15 and 9); at 45, 34 (21
 * and 13): past 40 each red lesion comes with almost one hand, so 40. None of the 1,139 other
 * pictures, the 217 food photos or the 69 whole animals changed; one stool photo on a pale lawn
 * got "redder patches" until GROUND_LIMITS.stoolGroundCoatBoxShare refused it. Guesses beyond
 * those photos: no healthy close-up of pink skin was at hand, and a hand parting healthy fur may
 * read as redder patches.
 * Looked at again (2026-12-05) and left at 40: of the 405 real close-ups, the 187 that skin judges
 * with no finding, 20 would reach the rule's 1.2% with hues up to 45°, 37 up to 50°. With the
 * pixels of 40–50° marked, by eye 14 of the 37 are on lesions, 20 on hands, a background or ginger
 * fur, 3 on both. Nothing about those pixels tells the two apart: on lesions their mean L* is
 * 41–69 and on the others 32–66; their chroma is 18–39 against 23–41, and their a* over the
 * frame's median 12–20 against 12–20.
 */
export const RELATIVE_REDNESS = { delta: 10, minHue: -30, maxHue: 40, minLightness: 15, leastMedian: -3 } as const;

export const RELATIVE_FEATURES = ['relative.redder_patches'] as const;

export const QUALITY_FEATURES = [
  'quality.coverage',
  'quality.brightness',
  'quality.contrast',
  'quality.sharpness',
  'quality.subject_lightness',
  'quality.subject_chroma',
  'quality.subject_grain',
  'quality.subject_solidity',
] as const;

/** The analyser's output vector, in order. Lightness values are CIELAB L* (0–100). */
export const COLOUR_QUALITY_FEATURES = [
  ...COLOUR_NAMES.map((name) => `subject.${name}` as const),
  ...COLOUR_NAMES.map((name) => `frame.${name}` as const),
  ...COLOUR_NAMES.map((name) => `patch.${name}` as const),
  ...QUALITY_FEATURES,
  ...RELATIVE_FEATURES,
];
export type FeatureName = (typeof COLOUR_QUALITY_FEATURES)[number];
