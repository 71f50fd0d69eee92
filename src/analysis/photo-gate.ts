import type { Quality } from '../vision/colour-quality-model.js';
import type { PhotoNeeds, QualityProblem } from './findings.js';

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

/** The photo gate: why this photo cannot be judged for an operation that needs `needs`, or undefined when it can. */
export function gatePhoto(needs: PhotoNeeds, quality: Quality): QualityProblem | undefined {
  if (quality.brightness < QUALITY_LIMITS.minBrightness) return 'too_dark';
  if (quality.brightness > QUALITY_LIMITS.maxBrightness) return 'overexposed';
  if (quality.sharpness < QUALITY_LIMITS.minSharpness) return 'blurred';
  if (needs.subject && (quality.coverage < QUALITY_LIMITS.minCoverage || quality.coverage > QUALITY_LIMITS.maxCoverage)) return 'no_subject';
  return undefined;
}
