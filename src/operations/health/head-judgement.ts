import type { HeadReading } from '../../vision/heads/trained-head-model.js';
import type { HeadRole, HealthAssessment } from './health-assessment.js';
import { RULE_SEVERITIES, type Rule, type RuleSeverity } from './rule-table.js';

const rank = (severity: RuleSeverity) => RULE_SEVERITIES.indexOf(severity);

/** The first of the most severe rules, or undefined. */
const mostSevere = (rules: readonly Rule[]) =>
  rules.reduce<Rule | undefined>(
    (main, rule) => (!main || rank(rule.severity) > rank(main.severity) ? rule : main),
    undefined,
  );

/**
 * The colour rules' assessment with what the operation's trained head read (docs/design.md §13).
 * A head that is sure of a label gives that label's severity from head.json; a colour red flag is
 * never lowered by it (a more severe red flag stays the main finding). `normal` comes only from a
 * confident label marked normal, with no colour finding above it. A head that is unsure names
 * nothing: for a `condition` head only the red flags still speak, else the answer is inconclusive
 * and free; an `aspect` head's doubt leaves the colour judgement as it was.
 */
export function withHeadReading(
  assessment: HealthAssessment,
  reading: HeadReading,
  role: HeadRole,
  field: string,
): HealthAssessment {
  const head = { reading, role, field };
  const labelSeverity = reading.about.severity;
  if (!labelSeverity) throw new Error(`${reading.head}'s label ${reading.label} has no severity`);
  if (role === 'aspect') {
    if (!reading.sure) return { ...assessment, head };
    const colour = assessment.mainFinding?.severity;
    const severity = colour && rank(colour) > rank(labelSeverity) ? colour : labelSeverity;
    return { ...assessment, severity, normalWithheld: false, head };
  }
  const redFlags = assessment.findings.filter((rule) => rule.redFlag);
  const worst = mostSevere(redFlags);
  if (!reading.sure)
    return {
      ...assessment,
      severity: worst?.severity ?? 'inconclusive',
      normalWithheld: false,
      findings: redFlags,
      mainFinding: worst,
      head,
    };
  const outranks = worst !== undefined && rank(worst.severity) > rank(labelSeverity);
  return {
    ...assessment,
    severity: outranks ? worst.severity : labelSeverity,
    normalWithheld: false,
    findings: redFlags,
    mainFinding: outranks ? worst : undefined,
    head,
  };
}
