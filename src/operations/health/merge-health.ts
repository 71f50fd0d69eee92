import type { HealthSeverity } from '../../contract/data-fields.js';
import type { HealthAssessment } from './health-assessment.js';
import type { HealthWords } from './health-words.js';
import { withRedFlagAdvice } from './health-text.js';

/** The fields every health answer shares, and the severity they were written for. */
export interface HealthFields {
  readonly severity: HealthSeverity;
  readonly summary: string;
  readonly home_care: string[];
  readonly vet_advice: string[];
}

const CAUTION: Readonly<Record<Exclude<HealthSeverity, 'inconclusive'>, number>> = {
  normal: 0,
  mild: 1,
  moderate: 2,
  severe: 3,
};

/**
 * The more cautious of the rules' and the model's severity. "inconclusive" is no opinion: the
 * other side decides. So a red flag from the rules can never be lowered by the model.
 */
function moreCautious(rules: HealthSeverity, model: HealthSeverity): HealthSeverity {
  if (rules === 'inconclusive') return model;
  if (model === 'inconclusive') return rules;
  return CAUTION[model] > CAUTION[rules] ? model : rules;
}

/**
 * The merge every health operation starts from: severity is the more cautious of rules and model;
 * the model's text is kept unless the rules overruled its severity (it was written for a milder
 * judgement, so the on-device text stands); the red flags' vet advice always stays.
 */
export function mergeHealthFields(
  assessment: HealthAssessment,
  measured: HealthFields,
  model: HealthFields,
  words: HealthWords,
): HealthFields {
  const severity = moreCautious(assessment.severity, model.severity);
  if (severity !== model.severity) {
    return { severity, summary: measured.summary, home_care: measured.home_care, vet_advice: measured.vet_advice };
  }
  return {
    severity,
    summary: model.summary,
    home_care: model.home_care,
    vet_advice: withRedFlagAdvice(model.vet_advice, assessment, words),
  };
}
