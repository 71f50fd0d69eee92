import { Matrix, SVD } from 'ml-matrix';
import { type GroundSubspace, groundDistance, groundFeaturesOf } from '../../vision/localizer/ground-subspace.js';
import { rounded } from '../head-scores.js';
import type { LocalizerData } from './localizer-rows.js';

/**
 * How the stool photos' ground is learnt and judged (ground-subspace.ts). Measured (2026-12-04,
 * MobileNetV2's maps) with the subspace fitted on the ground crops of the training photos and
 * checked on what it never saw: the held-out photos' ground crops, and 85 larger lawns cut from
 * them clear of every stool with the 5 that show none, against the 405 real skin close-ups of
 * shared/photos-real (looked at, never learnt from), 1,457 pictures from GCompris, Debian, KDE,
 * MATE and Tux Paint, and 553 tight crops of them. 40 directions, limit 0.33: 80% of the held-out
 * ground crops and 81% of the larger lawns within it; the nearest close-up lies 0.361 off (a whole
 * cat with crusted scabies, on a pavement), the nearest other picture 0.37 (a cathedral by a
 * lawn). 20 directions kept every close-up farther too, but only 55% of the lawns within; 60 took
 * in 90% of them, with the nearest close-up at 0.340, too near to draw a limit between.
 */
export const GROUND_SUBSPACE = { components: 40, limit: 0.33 } as const;

/** The ground's subspace, its limit, and the share of held-out ground crops within it. */
export interface FittedGround {
  readonly subspace: GroundSubspace;
  readonly limit: number;
  readonly trainedOn: number;
  readonly heldOut: { readonly crops: number; readonly within: number };
}

/** Each ground crop's (ViewKind 'ground') mean of the coarsest map over its cells: the first `channels` values of its cell rows. */
function groundCrops(data: LocalizerData, channels: number): Array<{ photo: number; features: Float32Array }> {
  const cells = data.layout.grid ** 2;
  const { values, d } = data.rows;
  return data.views.flatMap((view, index) => {
    if (view.kind !== 'ground') return [];
    const mean = new Float32Array(channels);
    for (let cell = 0; cell < cells; cell++) {
      const row = (index * cells + cell) * d;
      for (let c = 0; c < channels; c++) mean[c]! += values[row + c]! / cells;
    }
    return [{ photo: view.photo, features: mean }];
  });
}

/**
 * The subspace of the training photos' ground crops (their rooted, unit-length mean features:
 * the mean and GROUND_SUBSPACE.components principal directions), and how many held-out crops lie
 * within its limit; undefined where too few crops were read to fit it.
 */
export function fitGroundSubspace(
  data: LocalizerData,
  heldOut: readonly boolean[],
  channels: number,
): FittedGround | undefined {
  const crops = groundCrops(data, channels);
  const training = crops.filter((crop) => !heldOut[crop.photo]).map((crop) => groundFeaturesOf(crop.features));
  const { components, limit } = GROUND_SUBSPACE;
  if (training.length <= components) return undefined;
  const mean = new Float32Array(channels);
  for (const row of training) for (let c = 0; c < channels; c++) mean[c]! += row[c]! / training.length;
  const centred = new Matrix(training.map((row) => Array.from(row, (value, c) => value - mean[c]!)));
  const { rightSingularVectors } = new SVD(centred, { computeLeftSingularVectors: false, autoTranspose: true });
  const directions = new Float32Array(components * channels);
  for (let k = 0; k < components; k++) directions.set(rightSingularVectors.getColumn(k), k * channels);
  const subspace: GroundSubspace = { channels, mean, components: directions };
  const judged = crops.filter((crop) => heldOut[crop.photo]);
  const within = judged.filter((crop) => groundDistance(subspace, crop.features) <= limit).length;
  return {
    subspace,
    limit,
    trainedOn: training.length,
    heldOut: { crops: judged.length, within: judged.length > 0 ? rounded(within / judged.length) : 0 },
  };
}
