import type { EmotionData } from '../contract/data-shapes.js';
import type { Language } from '../contract/language.js';
import { joinSentences } from '../narration/join-sentences.js';
import { templatesFor } from '../narration/templates/index.js';
import type { ColourMeasurement } from '../vision/colour-quality-model.js';
import { qualityProblem } from './quality-gate.js';

/**
 * Emotion is read from posture, ears, eyes and tail: nothing the on-device models measure. So the
 * built-in answer says so with confidence 0; a local LLM (when configured) supplies a reading.
 */
export function emotionData(measurement: ColourMeasurement, language: Language): EmotionData {
  const t = templatesFor(language);
  const problem = qualityProblem(measurement.quality, false);
  if (problem) {
    const quality = t.quality[problem];
    return { emotion: quality.label, confidence: 0, summary: joinSentences(language, [quality.summary(t.subjectNames.emotion), quality.retakeTip]) };
  }
  return { emotion: t.emotion.label, confidence: 0, summary: t.emotion.summary };
}
