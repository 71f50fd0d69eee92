import type { EmotionWords } from './emotion-words.js';

export const ES: EmotionWords = {
  name: 'Emoción',
  subject: 'su mascota',
  retakeTip: 'Envíe una foto en la que se vean con claridad la cara y el cuerpo de su mascota.',
  label: 'no evaluado',
  summary:
    'Las emociones se expresan con la postura, las orejas, los ojos y la cola, y los modelos que se ejecutan en este servidor no los interpretan, así que no se dedujo ningún estado emocional. Juzgue el estado de ánimo de su mascota por su comportamiento, y consulte a un veterinario o a un especialista en comportamiento si parece ansiosa, dolorida o inusualmente apagada.',
  fieldNames: { emotion: 'Emoción', confidence: 'Confianza' },
  llm: {
    task: 'Juzga el estado emocional más probable de la mascota por su postura, orejas, ojos, boca y cola, con una confianza de 0 a 100 (porcentaje).',
    fieldHelp: {
      emotion: 'el estado emocional más probable, en una o dos palabras',
    },
    note: 'Ningún modelo local lee las emociones; júzgalas solo por la foto.',
  },
};
