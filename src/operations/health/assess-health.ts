import type { ColourMeasurement } from '../../vision/colour-quality-model.js';
import type { SeverityHeadModel } from '../../vision/severity-head-model.js';
import type { ColourName } from '../../vision/tables/colour-palette.js';
import type { HealthAssessment } from './health-assessment.js';
import { RULE_SEVERITIES, type Rule, type RuleTable } from './rule-table.js';

/** A rule whose head score reaches this is a finding. */
export const FINDING_THRESHOLD = 0.5;
/** Colours at least this share of the scope are named in the colour field. */
export const NAMED_COLOUR_SHARE = 0.15;
/** A red flag's own colours are named from this share on, even when others dominate. */
export const RED_FLAG_COLOUR_SHARE = 0.03;

/**
 * The colour field: the scope's main colours, then the colours of findings a reader must not miss:
 * a red flag's colours from RED_FLAG_COLOUR_SHARE on, and a patch finding's (a lesion of a few
 * percent, far from the main colours) from the same share of patches, or its largest colour.
 */
function coloursToName(
  measurement: ColourMeasurement,
  scope: RuleTable['scope'],
  findings: readonly Rule[],
): ColourName[] {
  const shares = measurement[scope];
  const ranked = (Object.entries(shares) as Array<[ColourName, number]>).sort((a, b) => b[1] - a[1]);
  const named = ranked
    .filter(([, share]) => share >= NAMED_COLOUR_SHARE)
    .slice(0, 2)
    .map(([colour]) => colour);
  if (named.length === 0 && ranked[0]) named.push(ranked[0][0]);
  for (const rule of findings) {
    for (const condition of rule.when) {
      if (!('colours' in condition) || condition.atLeast === undefined) continue;
      if (!rule.redFlag && !condition.inPatches) continue;
      const read = condition.inPatches ? measurement.patch : shares;
      const own = condition.colours.filter((colour) => read[colour] >= RED_FLAG_COLOUR_SHARE);
      const largest = [...condition.colours].sort((a, b) => read[b] - read[a]).slice(0, 1);
      for (const colour of own.length > 0 || !condition.inPatches ? own : largest) {
        if (named.length < 3 && !named.includes(colour)) named.push(colour);
      }
    }
  }
  return named;
}

const rank = (severity: (typeof RULE_SEVERITIES)[number]) => RULE_SEVERITIES.indexOf(severity);

/**
 * A photo past the gate → a health judgement: the severity head scores every rule of the table,
 * and the severity is the highest of the fired rules, so no finding can hide a red flag. No rule
 * fired is `inconclusive`: the colours match nothing pawlens can interpret.
 */
export async function assessHealth(
  table: RuleTable,
  measurement: ColourMeasurement,
  head: SeverityHeadModel,
): Promise<HealthAssessment> {
  const shares = measurement[table.scope];
  const scores = await head.predict(measurement.features);
  const findings = table.rules.filter((rule) => (scores.get(rule.id) ?? 0) >= FINDING_THRESHOLD);
  const mainFinding = findings.reduce<Rule | undefined>(
    (main, rule) => (!main || rank(rule.severity) > rank(main.severity) ? rule : main),
    undefined,
  );
  // "normal" claims what the table's sight cannot see as well: no verdict then, rather than a false all-clear.
  const normalWithheld = mainFinding?.severity === 'normal' && table.sight.blindTo.length > 0;
  return {
    severity: !mainFinding || normalWithheld ? 'inconclusive' : mainFinding.severity,
    normalWithheld,
    findings,
    mainFinding,
    colours: coloursToName(measurement, table.scope, findings),
    shares,
    scope: table.scope,
    head: undefined,
  };
}
