import type { Language } from '../contract/language.js';

/** Chinese sentences follow each other without a space; the others take one. */
export const joinSentences = (language: Language, sentences: readonly string[]) =>
  sentences.join(language === 'zh' ? '' : ' ');
