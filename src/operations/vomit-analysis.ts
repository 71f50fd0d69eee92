import type { VomitData } from '../contract/data-shapes.js';
import type { HealthText } from '../narration/narrate-health.js';
import type { HealthAssessment } from './health-assessment.js';

export function vomitData(assessment: HealthAssessment, text: HealthText): VomitData {
  // SPEC.md §2.4 has no "normal" vomit; the vomit table has no normal rule, and this keeps it so.
  const severity = assessment.severity === 'normal' ? 'mild' : assessment.severity;
  return { severity, vomit_type: text.label, color: text.colour, summary: text.summary, home_care: text.homeCare, vet_advice: text.vetAdvice };
}
