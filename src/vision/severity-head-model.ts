import type { HealthOperationKey } from '../contract/operation-contracts.js';
import { RULE_SEVERITIES, type RuleTable } from '../operations/rules/rule-table.js';
import { COLOUR_QUALITY_FEATURES } from './colour-quality-features.js';
import { ModelLoadError, type LoadedModel } from './load-model.js';

export interface SeverityScores {
  /** Score 0–1 per rule id of the operation's table. */
  readonly rules: ReadonlyMap<string, number>;
  /** Score 0–1 per severity, normal to severe. */
  readonly severities: ReadonlyMap<(typeof RULE_SEVERITIES)[number], number>;
}

/**
 * A severity head: the generated one compiled from the rule table, or a trained one with the
 * same input features and outputs. Checked against the table at load, so a head that speaks of
 * other rules can never be used for this operation.
 */
export class SeverityHeadModel {
  readonly operation: HealthOperationKey;

  constructor(
    private readonly model: LoadedModel,
    table: RuleTable,
  ) {
    const { manifest } = model;
    const fail = (why: string) => new ModelLoadError(`Severity head ${manifest.name} (${model.dir}): ${why}`);
    if (manifest.task !== 'severity' || manifest.operation !== table.operation) throw fail(`it is not a head for ${table.operation}.`);
    if (manifest.input.kind !== 'features' || manifest.input.features.join() !== COLOUR_QUALITY_FEATURES.join()) {
      throw fail('its input features differ from the colour analyser\'s.');
    }
    const ruleLabels = model.labels.get('rule_scores');
    if (!ruleLabels || ruleLabels.join() !== table.rules.map((rule) => rule.id).join()) throw fail(`its rule_scores must be labelled ${table.rules.map((r) => r.id).join(', ')}.`);
    if (model.labels.get('severity_scores')?.join() !== RULE_SEVERITIES.join()) throw fail(`its severity_scores must be labelled ${RULE_SEVERITIES.join(', ')}.`);
    this.operation = table.operation;
  }

  async score(features: Float32Array): Promise<SeverityScores> {
    // A copy goes to the model: `features` stays with the measurement, and run() may move its feeds.
    const inputName = this.model.manifest.input.name;
    const result = await this.model.run({ [inputName]: { type: 'float32', data: Float32Array.from(features), dims: [1, features.length] } });
    const rules = this.model.labels.get('rule_scores')!;
    const ruleScores = result.rule_scores!.data as Float32Array;
    const severityScores = result.severity_scores!.data as Float32Array;
    return {
      rules: new Map(rules.map((id, i) => [id, ruleScores[i]!])),
      severities: new Map(RULE_SEVERITIES.map((severity, i) => [severity, severityScores[i]!])),
    };
  }
}
