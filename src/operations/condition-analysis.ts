import type { EarData, SkinData } from '../contract/data-shapes.js';
import type { HealthText } from '../narration/narrate-health.js';
import type { HealthAssessment } from './health-assessment.js';

/** Skin and ear share a shape: severity, a condition label and the common text fields. */
export function conditionData(assessment: HealthAssessment, text: HealthText): SkinData & EarData {
  return { severity: assessment.severity, condition: text.label, summary: text.summary, home_care: text.homeCare, vet_advice: text.vetAdvice };
}
