import type { HealthSeverity, StoolData } from '../contract/data-shapes.js';
import type { Language } from '../contract/language.js';
import type { HealthText } from '../narration/narrate-health.js';
import { templatesFor } from '../narration/templates/index.js';
import type { HealthAssessment } from './health-assessment.js';

/**
 * health_score from severity (README, "Stool health score"). A photo cannot confirm perfect health,
 * so the best is 9; `inconclusive` takes the scale's midpoint, which carries no finding.
 */
export const STOOL_HEALTH_SCORES: Readonly<Record<HealthSeverity, number>> = {
  normal: 9,
  mild: 7,
  moderate: 4,
  severe: 2,
  inconclusive: 5,
};

export function stoolData(assessment: HealthAssessment, text: HealthText, language: Language): StoolData {
  return {
    health_score: STOOL_HEALTH_SCORES[assessment.severity],
    health_score_max: 10,
    severity: assessment.severity,
    color: text.colour,
    // Consistency needs texture, which colour measurements do not see: said plainly, never guessed.
    consistency: assessment.qualityProblem ? text.label : templatesFor(language).stoolConsistency,
    summary: text.summary,
    home_care: text.homeCare,
    vet_advice: text.vetAdvice,
  };
}
