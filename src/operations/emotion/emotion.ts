import { z } from 'zod';
import { confidence, label, summary } from '../../contract/data-fields.js';
import { splitSentences } from '../../contract/sentences.js';
import { joinSentences } from '../../narration/join-sentences.js';
import { refusalLabel, retakeSentences } from '../../narration/retake-sentences.js';
import type { Operation } from '../operation.js';
import { EN } from './en.js';
import { ES } from './es.js';
import { ZH } from './zh.js';

/** SPEC.md §2.8. */
const EmotionData = z.strictObject({
  emotion: label('Most likely current emotional state.'),
  confidence,
  summary,
});

const WORDS = { en: EN, zh: ZH, es: ES };

/**
 * Emotion is read from posture, ears, eyes and tail: nothing the on-device models measure. So the
 * built-in answer says so with confidence 0, and judges nothing; a language model, when there is
 * one, supplies the whole reading.
 */
export const emotion: Operation<'emotion', typeof EmotionData, void, typeof EmotionData> = {
  key: 'emotion',
  path: 'emotion-analysis',
  title: 'Emotion analysis',
  data: EmotionData,
  // A pet photo may be dark around the edges; a round view with no animal in it is refused for the missing animal.
  needs: { subject: false, shows: 'animal', colour: false, roundView: true, recognisablePet: true },
  reads: { colours: false, species: false },
  words: WORDS,
  judge: async () => undefined,
  answer: (verdict, language) => {
    const t = WORDS[language];
    if (!verdict.judged) {
      const label = verdict.refusal.reason === 'quality' ? refusalLabel(language, verdict.refusal) : t.label;
      return {
        emotion: label,
        confidence: 0,
        summary: joinSentences(language, retakeSentences(language, verdict.refusal, t)),
      };
    }
    return { emotion: t.label, confidence: 0, summary: t.summary };
  },
  // Nothing on the host reads an emotion: only a language model's reading is charged.
  assessed: (_findings, _answer, byModel) => byModel,
  llm: {
    fields: EmotionData,
    labelFields: ['emotion'],
    facts: (_findings, language) => [WORDS[language].llm.note],
    limitation: (language) => splitSentences(WORDS[language].summary, language).at(-1)!,
  },
  merge: (_findings, _measured, model) => model,
};
