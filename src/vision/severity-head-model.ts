import { JUDGED_SEVERITIES } from '../contract/data-fields.js';
import { COLOUR_QUALITY_FEATURES } from './pixels/colour-quality-features.js';
import type { PlainTensor } from './runtime/inference-pool.js';
import { ModelLoadError, type LoadedModel } from './runtime/load-model.js';
import { OnnxModel } from './runtime/onnx-model.js';

/** Which head an operation needs: its rule ids, in table order, label the head's rule scores. */
export interface SeverityHeadSpec {
  /** The health operation's key. */
  readonly operation: string;
  readonly ruleIds: readonly string[];
}

/**
 * A severity head: the generated one compiled from an operation's rule table, or a trained one
 * with the same input features and outputs. Checked against the rule ids at load, so a head that
 * speaks of other rules can never be used for this operation. Predicts a score 0–1 per rule id.
 */
export class SeverityHeadModel extends OnnxModel<Float32Array, ReadonlyMap<string, number>> {
  readonly operation: string;
  private readonly inputName: string;

  constructor(model: LoadedModel, spec: SeverityHeadSpec) {
    super(model);
    const { manifest } = model;
    const fail = (why: string) => new ModelLoadError(`Severity head ${this.name} (${model.dir}): ${why}`);
    if (manifest.task !== 'severity' || manifest.operation !== spec.operation)
      throw fail(`it is not a head for ${spec.operation}.`);
    if (manifest.input.kind !== 'features' || manifest.input.features.join() !== COLOUR_QUALITY_FEATURES.join()) {
      throw fail("its input features differ from the colour analyser's.");
    }
    if (this.labelsOf('rule_scores').join() !== spec.ruleIds.join())
      throw fail(`its rule_scores must be labelled ${spec.ruleIds.join(', ')}.`);
    if (this.labelsOf('severity_scores').join() !== JUDGED_SEVERITIES.join())
      throw fail(`its severity_scores must be labelled ${JUDGED_SEVERITIES.join(', ')}.`);
    this.operation = spec.operation;
    this.inputName = manifest.input.name;
  }

  protected prepare(features: Float32Array): Record<string, PlainTensor> {
    // A copy goes to the model: `features` stays with the measurement, and run() may move its feeds.
    return {
      [this.inputName]: {
        type: 'float32',
        data: Float32Array.from(features),
        dims: [1, features.length],
      },
    };
  }

  protected read(outputs: Record<string, PlainTensor>): ReadonlyMap<string, number> {
    const scores = outputs.rule_scores!.data as Float32Array;
    return new Map(this.labelsOf('rule_scores').map((id, i) => [id, scores[i]!]));
  }
}
