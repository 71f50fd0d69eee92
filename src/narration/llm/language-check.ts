import type { Language } from '../../contract/language.js';

const CJK = /[\u3400-\u9fff\uf900-\ufaff]/gu;
const LETTER = /\p{L}/gu;
const SPANISH = new Set([
  'el',
  'la',
  'los',
  'las',
  'de',
  'del',
  'que',
  'y',
  'en',
  'un',
  'una',
  'con',
  'para',
  'por',
  'su',
  'es',
  'se',
  'no',
  'al',
  'lo',
  'como',
  'más',
  'muy',
  'está',
  'puede',
]);
const ENGLISH = new Set([
  'the',
  'and',
  'of',
  'to',
  'is',
  'in',
  'it',
  'with',
  'for',
  'your',
  'this',
  'that',
  'be',
  'on',
  'not',
  'are',
  'can',
  'may',
  'if',
  'or',
  'a',
  'an',
]);

interface LanguageSigns {
  readonly letters: number;
  readonly cjkShare: number;
  readonly spanish: number;
  readonly english: number;
}

function signsOf(text: string): LanguageSigns {
  const letters = text.match(LETTER)?.length ?? 0;
  const cjkShare = letters === 0 ? 0 : (text.match(CJK)?.length ?? 0) / letters;
  const words = text.toLowerCase().match(/\p{L}+/gu) ?? [];
  const spanish = words.filter((word) => SPANISH.has(word)).length + (/[ñ¿¡áéíóú]/i.test(text) ? 2 : 0);
  const english = words.filter((word) => ENGLISH.has(word)).length;
  return { letters, cjkShare, spanish, english };
}

/**
 * Whether text is written in the language asked for. The grammar cannot force a language and
 * small models drift to English; this catches it. Chinese: most letters are CJK. Spanish vs
 * English: common function words, which any real sentence has.
 */
export function isInLanguage(text: string, language: Language): boolean {
  const { letters, cjkShare, spanish, english } = signsOf(text);
  if (letters === 0) return false;
  if (language === 'zh') return cjkShare >= 0.3;
  if (cjkShare > 0.05) return false;
  return language === 'es' ? spanish > english : english >= spanish;
}

/**
 * The looser test for a few words (a name, "pared de ladrillo") that may hold no function word:
 * only text that shows another language's signs fails it.
 */
export function mayBeInLanguage(text: string, language: Language): boolean {
  const { letters, cjkShare, spanish, english } = signsOf(text);
  if (letters === 0) return false;
  if (language === 'zh') return cjkShare >= 0.3;
  if (cjkShare > 0.05) return false;
  return language === 'es' ? english <= spanish : spanish <= english;
}
