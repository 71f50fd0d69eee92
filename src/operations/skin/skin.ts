import { conditionOperation } from '../health/condition-operation.js';
import { SKIN_RULES } from './skin-rules.js';
import { EN } from './en.js';
import { ES } from './es.js';
import { ZH } from './zh.js';

export const skin = conditionOperation({
  key: 'skin',
  path: 'skin-analysis',
  title: 'Skin analysis',
  rules: SKIN_RULES,
  words: { en: EN, zh: ZH, es: ES },
  condition: 'Short owner-facing label for the visible skin condition.',
  // A photo of a face with ringworm or scabies crusts is a skin photo, recognisably of a cat.
  roundView: false,
  recognisablePet: true,
  // A lesion on fur the stool localizer fires on is judged where skin shows through or the coat is
  // boxed large; a pale lawn the classifier takes for fur is still the ground (close-up-gate.ts).
  furOutweighsStoolOnGround: true,
});
