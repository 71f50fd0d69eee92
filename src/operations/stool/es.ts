import { SEE_VET_TODAY } from '../health/es.js';
import type { StoolWords } from './stool-words.js';

export const ES: StoolWords = {
  name: 'Heces',
  subject: 'las heces',
  retakeTip:
    'Fotografíe solo las heces, de cerca y desde arriba, sobre una superficie lisa, sin ninguna mascota ni persona en el encuadre.',
  observation: (colours) => `Las heces de la foto son principalmente de color ${colours}.`,
  limitation:
    'Una foto solo muestra el color, así que no se evalúan la consistencia, el moco, los gusanos ni la sangre mezclada en el interior de las heces.',
  withheld: {
    label: 'color esperado (consistencia no evaluada)',
    sentence:
      'La consistencia, el moco y los parásitos no se pueden juzgar por el color, así que unas heces marrones no garantizan que todo esté bien: no se dio ningún veredicto y no se cobró nada.',
  },
  notFoundCaveat:
    'El modelo de heces de pawlens aprendió de fotos de heces de perro al aire libre, sobre césped y grava: puede no encontrarlas en un suelo interior, un empapador o arena, si son diarrea o si son de gato.',
  findings: {
    melena: {
      label: 'negro, de aspecto alquitranado',
      meaning:
        'Las heces negras y alquitranadas pueden contener sangre digerida procedente del estómago o del intestino delgado (melena), aunque los suplementos de hierro, el bismuto o el carbón activado también pueden volverlas negras.',
      homeCare: [
        'Guarde una muestra fresca en una bolsa cerrada para llevarla al veterinario.',
        'Anote los medicamentos o suplementos que haya tomado su mascota, sobre todo hierro, bismuto o carbón.',
        'Mientras organiza la visita, vigile si aparecen debilidad, encías pálidas, vómitos o el abdomen hinchado.',
      ],
      vetAdvice: [
        `${SEE_VET_TODAY}: las heces negras y alquitranadas pueden indicar un sangrado en la parte alta del tubo digestivo.`,
      ],
    },
    heavy_blood: {
      label: 'con abundante sangre',
      meaning: 'Una gran cantidad de rojo sugiere un sangrado fresco importante en la parte baja del intestino.',
      homeCare: [
        'Mantenga a su mascota tranquila y dentro de casa, con agua a su alcance.',
        'Lleve al veterinario una muestra fresca o una foto de cada deposición de hoy.',
      ],
      vetAdvice: [
        `${SEE_VET_TODAY}: mucha sangre en las heces requiere una exploración sin demora, y si su mascota está débil o pálida, acuda a una clínica de urgencias.`,
      ],
    },
    fresh_blood: {
      label: 'con vetas rojas',
      meaning:
        'Las vetas rojas suelen indicar sangre fresca de la parte baja del intestino (hematoquecia), a menudo por colitis, esfuerzo al defecar o parásitos.',
      homeCare: [
        'Ofrezca comidas pequeñas de dieta blanda y abundante agua durante uno o dos días.',
        'Revise las siguientes deposiciones y anote si la sangre aumenta, se mantiene o desaparece.',
        'Guarde una muestra fresca para un análisis de parásitos.',
      ],
      vetAdvice: [
        'Pida cita con el veterinario para dentro de uno o dos días, y acuda antes si hay más sangre, vómitos o su mascota parece cansada.',
      ],
    },
    pale_clay: {
      label: 'gris o color arcilla',
      meaning:
        'Las heces grises o de color arcilla pueden indicar falta de pigmento biliar, lo que puede apuntar a un problema del hígado, de las vías biliares o del páncreas.',
      homeCare: [
        'Anote cuántas deposiciones claras ve y si son grasientas o muy voluminosas.',
        'Vigile si las encías o los ojos se ven amarillos, o si hay vómitos o pérdida de peso.',
      ],
      vetAdvice: [
        'Programe una revisión veterinaria en los próximos días; si las heces claras se repiten, hacen falta análisis de sangre.',
      ],
    },
    yellow_orange: {
      label: 'amarillo o naranja',
      meaning:
        'Las heces de color amarillo o naranja suelen deberse a que la comida pasa demasiado rápido por el intestino y, a veces, a un problema del hígado o de la bilis.',
      homeCare: [
        'Mantenga la dieta estable y evite premios nuevos o comida grasa durante unos días.',
        'Asegúrese de que siempre tenga agua fresca disponible.',
      ],
      vetAdvice: [
        'Consulte al veterinario si las heces de color amarillo o naranja continúan más de dos días, o si las encías o los ojos se ven amarillos.',
      ],
    },
    green: {
      label: 'verde',
      meaning:
        'Las heces verdes suelen deberse a que su mascota ha comido hierba o plantas, o a bilis que ha pasado rápidamente por el intestino.',
      homeCare: [
        'Compruebe si su mascota ha comido hierba o plantas, y si alguna de ellas podría ser tóxica.',
        'Mantenga la dieta estable y observe las próximas deposiciones.',
      ],
      vetAdvice: [],
    },
    brown: {
      label: 'marrón',
      meaning: 'El marrón es el color esperado de unas heces sanas.',
      homeCare: [
        'Siga dándole su alimentación habitual y mantenga siempre agua fresca disponible.',
        'Vigile el color y la firmeza de las heces como parte de los cuidados habituales.',
      ],
      vetAdvice: [],
    },
    unclassified: {
      label: 'indeterminado',
      meaning:
        'Los colores no coinciden con ningún patrón que pawlens pueda interpretar, así que no se asignó ninguna gravedad.',
      homeCare: [
        'Repita la foto con luz natural, con las heces sobre una superficie lisa de un solo color.',
        'Observe el apetito y la energía de su mascota, y sus próximas deposiciones.',
      ],
      vetAdvice: ['Si las heces le parecen extrañas o su mascota parece enferma, consulte a su veterinario.'],
    },
  },
  consistencyNotAssessed: 'no evaluada (solo análisis de color)',
  fieldNames: { health_score: 'Puntuación de salud', color: 'Color', consistency: 'Consistencia' },
  llm: {
    task: 'Evalúa las heces de la mascota en la foto: color, consistencia (escala fecal de 1, bolitas duras, 2 ideal, hasta 7, líquidas), moco, sangre, gusanos o cuerpos extraños.',
    fieldHelp: {
      consistency: 'la consistencia o textura de las heces, en pocas palabras',
    },
  },
};
