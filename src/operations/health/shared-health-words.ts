import type { Language } from '../../contract/language.js';
import { EN } from './en.js';
import { ES } from './es.js';
import type { SharedHealthWords } from './health-words.js';
import { ZH } from './zh.js';

const SHARED_HEALTH_WORDS: Readonly<Record<Language, SharedHealthWords>> = { en: EN, zh: ZH, es: ES };

export const sharedHealthWords = (language: Language): SharedHealthWords => SHARED_HEALTH_WORDS[language];
