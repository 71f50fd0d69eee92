import type { UrineData } from '../contract/data-shapes.js';
import type { Language } from '../contract/language.js';
import type { HealthText } from '../narration/narrate-health.js';
import { templatesFor } from '../narration/templates/index.js';
import type { HealthAssessment } from './health-assessment.js';

export function urineData(assessment: HealthAssessment, text: HealthText, language: Language): UrineData {
  const { urineClarity } = templatesFor(language);
  const clarity = assessment.qualityProblem
    ? text.label
    : assessment.findings.some((rule) => rule.id === 'cloudy')
      ? urineClarity.cloudy
      : urineClarity.clear;
  return { severity: assessment.severity, color: text.colour, clarity, summary: text.summary, home_care: text.homeCare, vet_advice: text.vetAdvice };
}
