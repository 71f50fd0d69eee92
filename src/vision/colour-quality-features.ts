import { COLOUR_NAMES } from './tables/colour-palette.js';

/** Side of the square the analyser sees; colour shares and sharpness are measured at this size. */
export const ANALYSER_SIZE = 192;

/** How the subject is told from its background (see the analyser's generator). */
export const BACKGROUND = {
  /** Width of the border band, as a share of the side, whose colour is taken as background. */
  borderFraction: 1 / 16,
  /** A pixel is subject when its ΔE from the border mean exceeds this many border spreads… */
  spreadFactor: 2,
  /** …and at least this ΔE. */
  minDeltaE: 12,
  /**
   * Width of the soft edge of that threshold, in ΔE. Narrow on purpose: a wide edge lets every
   * background pixel leak a little weight into the subject (1.8% each at a width of 3).
   */
  softness: 1.2,
} as const;

export const QUALITY_FEATURES = [
  'quality.coverage',
  'quality.brightness',
  'quality.contrast',
  'quality.sharpness',
  'quality.subject_lightness',
  'quality.subject_chroma',
] as const;

/** The analyser's output vector, in order. Lightness values are CIELAB L* (0–100). */
export const COLOUR_QUALITY_FEATURES = [
  ...COLOUR_NAMES.map((name) => `subject.${name}` as const),
  ...COLOUR_NAMES.map((name) => `frame.${name}` as const),
  ...QUALITY_FEATURES,
];
export type FeatureName = (typeof COLOUR_QUALITY_FEATURES)[number];
