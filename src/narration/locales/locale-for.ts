import type { Language } from '../../contract/language.js';
import { EN } from './en.js';
import { ES } from './es.js';
import type { Locale } from './locale.js';
import { ZH } from './zh.js';

const LOCALES: Readonly<Record<Language, Locale>> = { en: EN, zh: ZH, es: ES };

export const localeFor = (language: Language): Locale => LOCALES[language];
