import { SEE_VET_TODAY } from '../health/es.js';
import type { UrineWords } from './urine-words.js';

export const ES: UrineWords = {
  name: 'Orina',
  subject: 'la orina',
  retakeTip:
    'Fotografíe solo la orina, sobre un empapador blanco o en un recipiente transparente, sin ninguna mascota ni persona en el encuadre.',
  observation: (colours) => `La orina de la foto es principalmente de color ${colours}.`,
  limitation:
    'El color en una foto depende de la luz y de la superficie, y no mide la concentración ni detecta infecciones; eso lo hace un análisis de orina.',
  findings: {
    brown_black: {
      label: 'de marrón a negro',
      meaning:
        'La orina marrón o muy oscura puede contener pigmentos de la sangre o bilirrubina, lo que requiere análisis sin demora.',
      homeCare: [
        'Recoja una muestra fresca en un recipiente limpio para el veterinario.',
        'Anote con qué frecuencia orina su mascota y si hace esfuerzo al orinar.',
      ],
      vetAdvice: [`${SEE_VET_TODAY}: la orina marrón o negra requiere análisis de orina y de sangre.`],
    },
    blood: {
      label: 'rojo o rosa',
      meaning:
        'La orina roja o rosada suele indicar sangre, a menudo por inflamación de la vejiga, cálculos o infección.',
      homeCare: [
        'Recoja una muestra fresca en un recipiente limpio.',
        'Vigile si hace esfuerzo, orina a menudo en pequeñas cantidades o se queja al orinar.',
      ],
      vetAdvice: [
        `${SEE_VET_TODAY}; una mascota, sobre todo un gato macho, que hace esfuerzo y orina poco o nada es una urgencia.`,
      ],
    },
    cloudy: {
      label: 'amarillo, de aspecto turbio',
      meaning: 'La turbidez puede deberse a células, cristales o infección.',
      homeCare: [
        'Anime a su mascota a beber ofreciéndole agua fresca o comida húmeda.',
        'Anote con qué frecuencia orina su mascota y si hace esfuerzo al orinar.',
      ],
      vetAdvice: ['Programe un análisis de orina con su veterinario en los próximos días.'],
    },
    concentrated: {
      label: 'ámbar oscuro',
      meaning:
        'La orina de color ámbar oscuro suele estar concentrada, por ejemplo cuando su mascota ha bebido poco o hace calor.',
      homeCare: [
        'Asegúrese de que siempre tenga agua fresca disponible, y añada comida húmeda si su mascota la come.',
        'Vuelva a comprobar el color cuando su mascota haya bebido bien.',
      ],
      vetAdvice: [],
    },
    normal_yellow: {
      label: 'amarillo de pálido a medio',
      meaning: 'El amarillo de pálido a medio es el color esperado de la orina.',
      homeCare: [
        'Mantenga agua fresca disponible en todo momento.',
        'Vigile con qué frecuencia y cuánto orina su mascota como parte de los cuidados habituales.',
      ],
      vetAdvice: [],
    },
    very_dilute: {
      label: 'casi incoloro',
      meaning:
        'La orina casi incolora está muy diluida, lo cual es normal después de beber mucho, pero si persiste también puede acompañar a problemas renales u hormonales.',
      homeCare: [
        'Anote aproximadamente cuánto bebe su mascota cada día.',
        'Observe si orina con más frecuencia o tiene accidentes dentro de casa.',
      ],
      vetAdvice: [],
    },
    unclassified: {
      label: 'indeterminado',
      meaning:
        'Los colores no coinciden con ningún patrón que pawlens pueda interpretar, así que no se asignó ninguna gravedad.',
      homeCare: [
        'Repita la foto con luz natural, con la orina sobre una almohadilla absorbente blanca o en un recipiente transparente.',
        'Anote con qué frecuencia orina su mascota y si hace esfuerzo al orinar.',
      ],
      vetAdvice: [
        'Si su mascota hace esfuerzo al orinar, orina muy a menudo o parece enferma, llame a su veterinario.',
      ],
    },
  },
  clarity: { cloudy: 'turbia', clear: 'no se aprecia turbidez (difícil de juzgar en una foto)' },
  fieldNames: { color: 'Color', clarity: 'Claridad' },
  llm: {
    task: 'Describe la orina de la foto: su color y su claridad.',
    fieldHelp: {
      clarity: 'clara, algo turbia o turbia',
    },
  },
};
