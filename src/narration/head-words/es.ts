import type { HeadWords } from './head-words.js';

export const ES: HeadWords = {
  reading: (name, percent, record) =>
    record
      ? `Un modelo entrenado con las fotos de esta clínica lo interpreta como ${name} (${percent}% de probabilidad); acertó en el ${record.percent}% de ${record.n} fotos que no vio al entrenarse.`
      : `Un modelo entrenado con las fotos de esta clínica lo interpreta como ${name} (${percent}% de probabilidad); no se ha medido con fotos que no vio al entrenarse.`,
  recalled: (name) =>
    `Esta foto es una de las que aprendió un modelo entrenado con las fotos de esta clínica, o una copia de una (guardada de nuevo, redimensionada, recoloreada o girada), y la clínica la etiquetó como ${name}.`,
  unsure: (percent, threshold, [first, second]) =>
    threshold === undefined
      ? `Un modelo entrenado con las fotos de esta clínica nunca está lo bastante seguro para nombrar nada (sus fotos de entrenamiento no bastaron); ${first} o ${second} son las posibilidades más probables (como mucho ${percent}%), así que no se dio ningún veredicto y no se cobró nada.`
      : `Un modelo entrenado con las fotos de esta clínica no está lo bastante seguro para nombrar nada (como mucho ${percent}%, por debajo del ${threshold}% que necesita); ${first} o ${second} son las posibilidades más probables, así que no se dio ningún veredicto y no se cobró nada.`,
  unlike:
    'Un modelo entrenado con las fotos de esta clínica no la ha juzgado: esta foto no se parece a ninguna de las fotos con las que aprendió (otro tipo de foto, o una afección o vista que nunca vio), así que no se dio ningún veredicto ni se cobró nada.',
  unsureBeside: 'Un modelo entrenado con las fotos de esta clínica no estaba lo bastante seguro para nombrar nada.',
  limit: (labels) =>
    `Solo distingue las ${labels} etiquetas con las que se entrenó, así que pida a su veterinario que lo confirme.`,
  unsureLabel: 'sin nombrar: el modelo entrenado no está seguro',
  advice: {
    normal: {
      homeCare: [
        'Mantenga los cuidados habituales y las revisiones periódicas de su mascota.',
        'Haga una foto nueva con la misma luz si algo cambia.',
      ],
      vetAdvice: [],
    },
    mild: {
      homeCare: [
        'Vigile los cambios en los próximos días y haga una foto cada día con la misma luz para comparar.',
        'Observe cualquier cambio de apetito, energía o comportamiento.',
      ],
      vetAdvice: ['Consulte a su veterinario si no mejora en unos días o su mascota parece enferma.'],
    },
    moderate: {
      homeCare: [
        'Mantenga cómoda a su mascota e impida que se lama o se rasque la zona.',
        'Anote cuándo empezó y cualquier otro signo, para el veterinario.',
      ],
      vetAdvice: ['Pida cita con el veterinario en los próximos días.'],
    },
    severe: {
      homeCare: [
        'Mantenga a su mascota tranquila y cómoda hasta que la vean.',
        'Lleve esta foto y una nota de cuándo empezó al veterinario.',
      ],
      vetAdvice: ['Lleve a su mascota al veterinario hoy.'],
    },
  },
  promptLine: (name, percent, field) =>
    `Un modelo entrenado con las fotos de esta clínica lo interpreta como "${name}" (${percent}%): ${field} debe decir "${name}" y el texto debe estar de acuerdo.`,
  promptUnsure: (field) =>
    `Un modelo entrenado con las fotos de esta clínica no estaba seguro: no indique ${field} con más certeza de la que la foto permite.`,
};
