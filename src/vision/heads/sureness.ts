/** The threshold of a head that is never sure: no threshold met its precision out of fold. */
export const NEVER_SURE = 1;

/** Whether a head with `threshold` ever names a label. */
export const everSure = (threshold: number) => threshold < NEVER_SURE;

/**
 * Whether a head with `threshold` is sure of a reading at `probability`: never for a head that is
 * never sure, even at a probability of 1 (a float's saturated softmax).
 */
export const isSure = (probability: number, threshold: number) => everSure(threshold) && probability >= threshold;
