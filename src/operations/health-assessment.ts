import type { HealthSeverity } from '../contract/data-shapes.js';
import type { HealthOperationKey } from '../contract/operation-contracts.js';
import type { ColourMeasurement } from '../vision/colour-quality-model.js';
import type { SeverityHeadModel } from '../vision/severity-head-model.js';
import type { ColourName } from '../vision/tables/colour-palette.js';
import { qualityProblem, type QualityProblem } from './quality-gate.js';
import { RULE_TABLES } from './rules/index.js';
import { RULE_SEVERITIES, type Rule } from './rules/rule-table.js';

/** A rule whose head score reaches this is a finding. */
export const FINDING_THRESHOLD = 0.5;
/** Colours at least this share of the scope are named in the colour field. */
export const NAMED_COLOUR_SHARE = 0.15;
/** A red flag's own colours are named from this share on, even when others dominate. */
export const RED_FLAG_COLOUR_SHARE = 0.03;

/** The measured, rule-based judgement of one health photo: what narration and the LLM build on. */
export interface HealthAssessment {
  readonly operation: HealthOperationKey;
  readonly severity: HealthSeverity;
  /** Set when the photo could not be judged; then there are no findings. */
  readonly qualityProblem: QualityProblem | undefined;
  /** Every rule that fired, in table order. */
  readonly findings: readonly Rule[];
  /** The first finding of the highest severity; undefined when none fired. */
  readonly mainFinding: Rule | undefined;
  /** The colours to name, most prominent first. */
  readonly colours: readonly ColourName[];
  readonly measurement: ColourMeasurement;
}

function coloursToName(shares: Readonly<Record<ColourName, number>>, findings: readonly Rule[]): ColourName[] {
  const ranked = (Object.entries(shares) as Array<[ColourName, number]>).sort((a, b) => b[1] - a[1]);
  const named = ranked.filter(([, share]) => share >= NAMED_COLOUR_SHARE).slice(0, 2).map(([colour]) => colour);
  if (named.length === 0 && ranked[0]) named.push(ranked[0][0]);
  for (const rule of findings.filter((finding) => finding.redFlag)) {
    for (const colour of rule.when.flatMap((condition) => (condition.atLeast !== undefined ? condition.colours : []))) {
      if (named.length < 3 && !named.includes(colour) && shares[colour] >= RED_FLAG_COLOUR_SHARE) named.push(colour);
    }
  }
  return named;
}

const rank = (severity: (typeof RULE_SEVERITIES)[number]) => RULE_SEVERITIES.indexOf(severity);

/**
 * Photo measurements → a judgement, in a fixed order: the quality gate first (a photo that cannot
 * be judged is inconclusive, whatever its colours), then the severity head's rule scores. The
 * severity is the highest of the fired rules, so no finding can hide a red flag.
 */
export async function assessHealth(operation: HealthOperationKey, measurement: ColourMeasurement, head: SeverityHeadModel): Promise<HealthAssessment> {
  const table = RULE_TABLES[operation];
  const shares = measurement[table.scope];
  const problem = qualityProblem(measurement.quality, table.needsSubject);
  if (problem) {
    return { operation, severity: 'inconclusive', qualityProblem: problem, findings: [], mainFinding: undefined, colours: [], measurement };
  }
  const scores = await head.score(measurement.features);
  const findings = table.rules.filter((rule) => (scores.rules.get(rule.id) ?? 0) >= FINDING_THRESHOLD);
  const mainFinding = findings.reduce<Rule | undefined>((main, rule) => (!main || rank(rule.severity) > rank(main.severity) ? rule : main), undefined);
  return {
    operation,
    severity: mainFinding?.severity ?? 'inconclusive',
    qualityProblem: undefined,
    findings,
    mainFinding,
    colours: coloursToName(shares, findings),
    measurement,
  };
}
