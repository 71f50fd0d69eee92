import type { Language } from '../../contract/language.js';
import { EN } from './en.js';
import { ES } from './es.js';
import type { NarrationTemplates } from './template-types.js';
import { ZH } from './zh.js';

const TEMPLATES: Readonly<Record<Language, NarrationTemplates>> = { en: EN, zh: ZH, es: ES };

export const templatesFor = (language: Language): NarrationTemplates => TEMPLATES[language];
