import { z } from 'zod';
import { confidence, label, summary } from '../../contract/data-fields.js';
import { splitSentences } from '../../contract/sentences.js';
import { joinSentences } from '../../narration/join-sentences.js';
import { headReadingSentence, headUnsureSentence, headWordsFor } from '../../narration/head-words/head-words-for.js';
import { percent } from '../../narration/percent.js';
import { type HeadReading, readTrainedHead } from '../../vision/heads/trained-head-model.js';
import { refusalLabel, retakeSentences } from '../../narration/retake-sentences.js';
import type { Operation } from '../operation.js';
import { EN } from './en.js';
import { ES } from './es.js';
import { ZH } from './zh.js';

/** docs/contract.md §2.8. */
const EmotionData = z.strictObject({
  emotion: label('Most likely current emotional state.'),
  confidence,
  summary,
});

const WORDS = { en: EN, zh: ZH, es: ES };

/** The built-in summary's last sentence: what a photo cannot show of an emotion. */
const limitationOf = (language: 'en' | 'zh' | 'es') => splitSentences(WORDS[language].summary, language).at(-1)!;

/** The answer of a head the clinic trained on its pets' photos: its label and probability when sure; when unsure, no emotion and confidence 0. */
function headAnswer(reading: HeadReading, language: 'en' | 'zh' | 'es'): z.infer<typeof EmotionData> {
  const h = headWordsFor(language);
  if (!reading.sure) {
    return {
      emotion: h.unsureLabel,
      confidence: 0,
      summary: joinSentences(language, [headUnsureSentence(reading, language), limitationOf(language)]),
    };
  }
  return {
    emotion: reading.about.name[language],
    confidence: Math.round(reading.probability * 100) / 100,
    summary: joinSentences(language, [headReadingSentence(reading, language), h.limit(reading.labelCount)]),
  };
}

/**
 * Emotion is read from posture, ears, eyes and tail: nothing the built-in models measure. So
 * without a head the clinic trained on its own pets' photos (docs/design.md §13), the built-in answer
 * says so with confidence 0, and judges nothing; a language model, when there is one, supplies
 * the whole reading. A head that is sure names its label, with its probability as the
 * confidence, and a language model must keep it.
 */
export const emotion: Operation<'emotion', typeof EmotionData, HeadReading | undefined, typeof EmotionData> = {
  key: 'emotion',
  path: 'emotion-analysis',
  title: 'Emotion analysis',
  data: EmotionData,
  // A pet photo may be dark around the edges; a round view with no animal in it is refused for the
  // missing animal. A herd of horses is no pet's photo: a head answered "alert (100%)" for one.
  needs: { subject: false, shows: 'animal', colour: false, roundView: true, recognisablePet: true, petOnly: true },
  reads: { colours: false, species: false },
  headField: 'emotion',
  words: WORDS,
  judge: ({ features, thumbnail }, _input, heads) => readTrainedHead(heads.trained, features, thumbnail),
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
    if (verdict.findings) return headAnswer(verdict.findings, language);
    return { emotion: t.label, confidence: 0, summary: t.summary };
  },
  // Without a head nothing on the host reads an emotion: a language model's reading, or a sure head's, is charged.
  assessed: (reading, _answer, byModel) => byModel || reading?.sure === true,
  llm: {
    fields: EmotionData,
    labelFields: ['emotion'],
    facts: (reading, language) => {
      if (!reading) return [WORDS[language].llm.note];
      const h = headWordsFor(language);
      return [
        reading.sure
          ? h.promptLine(reading.about.name[language], percent(reading.probability), 'emotion')
          : h.promptUnsure('emotion'),
      ];
    },
    limitation: limitationOf,
  },
  // A head that is sure keeps its label and confidence; the model writes the summary.
  merge: (reading, measured, model) =>
    reading?.sure ? { ...model, emotion: measured.emotion, confidence: measured.confidence } : model,
};
