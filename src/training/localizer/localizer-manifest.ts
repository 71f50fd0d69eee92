import { sha256Of } from '../../vision/runtime/load-model.js';
import { componentsOf } from '../../vision/localizer/ground-subspace.js';
import { LOCALIZER_OUTPUT, localizerGraphBytes, localizerInput } from '../../vision/localizer/localizer-graph.js';
import type { LocalizerSpec, ModelManifest } from '../../vision/runtime/model-manifest.js';
import type { FittedGround } from './fit-ground-subspace.js';
import type { TrainedLocalizer } from './train-localizer.js';

export const LOCALIZER_MODEL_FILE = 'model.onnx';

/** What a localizer's manifest says beyond its weights: its name, operation, subject and where its photos came from. */
export interface LocalizerAbout {
  readonly name: string;
  readonly operation: string;
  readonly subject: string;
  readonly description: string;
  readonly source: string;
  readonly license: string;
  readonly data: Omit<LocalizerSpec['data'], 'trainedOn' | 'heldOut' | 'seed'>;
  readonly neverSaw: readonly string[];
  readonly producer: { readonly name: string; readonly version: string };
  /** Left out of a model committed to the project, so that training it again gives the same bytes. */
  readonly trainedAt?: string;
}

/**
 * A trained localizer as the bytes of its ONNX graph and the manifest that describes them; with
 * `ground`, the graph also gives a frame's distance from its training photos' ground.
 */
export function localizerArtifact(
  trained: TrainedLocalizer,
  backbone: { readonly sha256: string; readonly featureMaps: ReadonlyArray<{ channels: number; grid: number }> },
  about: LocalizerAbout,
  seed: number,
  ground?: FittedGround,
): { bytes: Uint8Array; manifest: ModelManifest } {
  const bytes = localizerGraphBytes(trained.model, backbone.featureMaps, about.producer, ground?.subspace);
  const heldOut = trained.split.heldOut.filter(Boolean).length;
  const manifest: ModelManifest = {
    name: about.name,
    task: 'localizer',
    operation: about.operation,
    description: about.description,
    source: about.source,
    license: about.license,
    file: LOCALIZER_MODEL_FILE,
    sha256: sha256Of(bytes),
    input: {
      kind: 'feature-maps',
      maps: backbone.featureMaps.map(({ channels, grid }, index) => ({ name: localizerInput(index), channels, grid })),
      backbone: backbone.sha256,
    },
    outputs: [{ name: LOCALIZER_OUTPUT, kind: 'probabilities', labels: [about.subject] }],
    localizer: {
      subject: about.subject,
      threshold: trained.thresholds.threshold,
      ...(trained.thresholds.closerLook && { closerLook: trained.thresholds.closerLook }),
      data: {
        ...about.data,
        trainedOn: trained.split.heldOut.length - heldOut,
        heldOut,
        seed,
      },
      neverSaw: [...about.neverSaw],
      figures: trained.heldOut,
      crossValidated: trained.crossValidated,
      ...(ground && {
        ground: {
          limit: ground.limit,
          components: componentsOf(ground.subspace),
          trainedOn: ground.trainedOn,
          heldOut: ground.heldOut,
        },
      }),
      ...(about.trainedAt && { trainedAt: about.trainedAt }),
    },
  };
  return { bytes, manifest };
}
