import { COLOUR_QUALITY_FEATURES, type FeatureName } from '../../vision/pixels/colour-quality-features.js';
import { type Condition, GRANULAR_GRAIN, RULE_SEVERITIES, type RuleTable } from './rule-table.js';
import { OnnxGraph } from '../../vision/onnx/onnx-graph.js';

/** How sharply a condition switches around its threshold: 0.01 of share moves it from 0.4 to 0.6. */
export const CONDITION_SHARPNESS = 40;
/** The same for grain, in L*: half an L* either side of GRANULAR_GRAIN moves it from 0.4 to 0.6. */
export const GRAIN_SHARPNESS = 0.8;

/** One condition as a logistic threshold: sign × (sum of `rows` − threshold) × sharpness. */
interface CompiledCondition {
  readonly rule: number;
  readonly rows: readonly number[];
  readonly sign: 1 | -1;
  readonly threshold: number;
  readonly sharpness: number;
}

function compileCondition(operation: string, table: RuleTable, r: number, condition: Condition): CompiledCondition[] {
  const rule = table.rules[r]!;
  const rowOf = (feature: string) => {
    const row = COLOUR_QUALITY_FEATURES.indexOf(feature as FeatureName);
    if (row < 0) throw new Error(`${operation} rule ${rule.id}: no feature ${feature}`);
    return row;
  };
  if ('texture' in condition) {
    const rows = [rowOf('quality.subject_grain')];
    return [{ rule: r, rows, sign: 1, threshold: GRANULAR_GRAIN, sharpness: GRAIN_SHARPNESS }];
  }
  // A share (of colours, or of redder patches) at least and/or at most its limits.
  const [rows, { atLeast, atMost }] =
    'redderThanFrame' in condition
      ? [[rowOf('relative.redder_patches')], condition.redderThanFrame]
      : [
          condition.colours.map((colour) => rowOf(`${condition.inPatches ? 'patch' : table.scope}.${colour}`)),
          condition,
        ];
  if (atLeast === undefined && atMost === undefined)
    throw new Error(`${operation} rule ${rule.id}: a condition needs atLeast or atMost`);
  const out: CompiledCondition[] = [];
  const sharpness = CONDITION_SHARPNESS;
  if (atLeast !== undefined) out.push({ rule: r, rows, sign: 1, threshold: atLeast, sharpness });
  if (atMost !== undefined) out.push({ rule: r, rows, sign: -1, threshold: -atMost, sharpness });
  return out;
}

/**
 * Compiles an operation's rule table into a severity head: features → one score per rule and
 * one per severity. Each condition is a logistic threshold on a sum of colour shares (or on the
 * subject's grain, or the share of patches redder than the frame); a rule's score is the minimum
 * of its conditions (all must hold); a severity's score is the maximum of its rules' scores. A
 * trained head with the same input and outputs can replace this one.
 */
export function buildSeverityHead(operation: string, table: RuleTable): OnnxGraph {
  const F = COLOUR_QUALITY_FEATURES.length;
  const conditions = table.rules.flatMap((rule, r) =>
    rule.when.flatMap((condition) => compileCondition(operation, table, r, condition)),
  );
  const C = conditions.length;
  const R = table.rules.length;
  const weights = new Float32Array(F * C);
  conditions.forEach((condition, c) => {
    for (const row of condition.rows) weights[row * C + c] = condition.sign * condition.sharpness;
  });
  const bias = conditions.map((condition) => -condition.threshold * condition.sharpness);
  const belongs = new Float32Array(C * R);
  conditions.forEach((condition, c) => {
    belongs[c * R + condition.rule] = 1;
  });
  const severityOf = new Float32Array(R * RULE_SEVERITIES.length);
  table.rules.forEach((rule, r) => {
    severityOf[r * RULE_SEVERITIES.length + RULE_SEVERITIES.indexOf(rule.severity)] = 1;
  });

  const g = new OnnxGraph(`pawlens-severity-${operation}`);
  const features = g.input('features', [1, F]);
  const conditionScores = g.op('Sigmoid', [
    g.op('Add', [
      g.op('MatMul', [features, g.constant(weights, [F, C], 'condition_weights')]),
      g.constant(bias, [1, C], 'condition_bias'),
    ]),
  ]);
  // Min over each rule's conditions: entries of other rules are lifted to 1 so they never win.
  const membership = g.constant(belongs, [C, R], 'condition_rule');
  const spread = g.op('Add', [
    g.op('Mul', [g.op('Transpose', [conditionScores], { perm: [1, 0] }), membership]),
    g.constant(
      Array.from(belongs, (v) => 1 - v),
      [C, R],
      'not_in_rule',
    ),
  ]);
  g.op('ReduceMin', [spread], { axes: [0], keepdims: 1 }, 'rule_scores');
  const bySeverity = g.op('Mul', [
    g.op('Transpose', ['rule_scores'], { perm: [1, 0] }),
    g.constant(severityOf, [R, RULE_SEVERITIES.length], 'rule_severity'),
  ]);
  g.op('ReduceMax', [bySeverity], { axes: [0], keepdims: 1 }, 'severity_scores');
  g.output('rule_scores', [1, R]);
  g.output('severity_scores', [1, RULE_SEVERITIES.length]);
  return g;
}
