import { conditionOperation } from '../health/condition-operation.js';
import { EAR_RULES } from './ear-rules.js';
import { EN } from './en.js';
import { ES } from './es.js';
import { ZH } from './zh.js';

export const ear = conditionOperation({
  key: 'ear',
  path: 'ear-analysis',
  title: 'Ear canal analysis',
  rules: EAR_RULES,
  words: { en: EN, zh: ZH, es: ES },
  condition: 'Short owner-facing label for the visible ear condition.',
  // An otoscope's view is round; a photo the classifier sees a whole cat or dog in is not of the canal.
  roundView: true,
  recognisablePet: false,
});
