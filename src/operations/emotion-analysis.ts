import type { EmotionData } from '../contract/data-shapes.js';
import type { Language } from '../contract/language.js';
import { joinSentences } from '../narration/join-sentences.js';
import { retakeSentences } from '../narration/retake-sentences.js';
import { templatesFor } from '../narration/templates/index.js';
import type { QualityProblem } from './quality-gate.js';

/**
 * Emotion is read from posture, ears, eyes and tail: nothing the on-device models measure. So the
 * built-in answer says so with confidence 0; a local LLM (when configured) supplies a reading.
 */
export function emotionData(problem: QualityProblem | undefined, language: Language): EmotionData {
  const t = templatesFor(language);
  if (problem) {
    return { emotion: t.quality[problem].label, confidence: 0, summary: joinSentences(language, retakeSentences(language, problem, 'emotion')) };
  }
  return { emotion: t.emotion.label, confidence: 0, summary: t.emotion.summary };
}
