import type { SharedHealthWords } from './health-words.js';

/** How urgent advice starts: a red flag's vet advice says it (the words test checks each one does). */
export const SEE_VET_TODAY = 'Lleve a su mascota al veterinario hoy mismo';

export const ES: SharedHealthWords = {
  qualityHomeCare: [
    'Vuelva a tomar la foto con una luz buena y uniforme, y con el sujeto bien enfocado.',
    'Mientras tanto, vigile si cambian el apetito, la energía o los hábitos de eliminación de su mascota.',
    'Si su mascota parece enferma, llame a su veterinario sin esperar al análisis de una foto.',
  ],
  prompt: {
    coloursLine: (where, colours) =>
      `Colores medidos ${where === 'subject' ? 'en el sujeto' : 'en toda la foto'}: ${colours}.`,
    findingLine: (label, severity) => `Hallazgo de la regla de color: ${label} (gravedad ${severity}).`,
    noFinding: 'Ninguna regla de color se aplicó a estos colores.',
    redFlagLine: (label, severity) =>
      `Señal de alarma: ${label}. La gravedad debe ser "${severity}" o mayor, y vet_advice debe decir con qué urgencia ver a un veterinario.`,
  },
};
