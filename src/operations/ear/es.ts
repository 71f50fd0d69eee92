import type { HealthWords } from '../health/health-words.js';
import type { EarRuleId } from './ear-rules.js';

export const ES: HealthWords<EarRuleId> = {
  name: 'Canal auditivo',
  subject: 'el oído',
  retakeTip:
    'Tome un primer plano de la entrada del oído con el pabellón de la oreja doblado hacia atrás a su alrededor, con buena luz.',
  observation: (colours) => `La foto del conducto auditivo muestra tonos principalmente de color ${colours}.`,
  limitation:
    'Una foto de la parte externa del conducto no puede mostrar el tímpano ni la parte más profunda del conducto, donde empiezan muchos problemas de oído.',
  findings: {
    discharge: {
      label: 'secreción amarilla o verde',
      meaning: 'La secreción amarilla o verde sugiere una infección bacteriana del oído.',
      homeCare: [
        'No introduzca bastoncillos de algodón (hisopos) en el conducto.',
        'Limpie solo la parte externa visible de la oreja con un paño limpio y húmedo.',
      ],
      vetAdvice: [
        'Lleve a su mascota al veterinario en uno o dos días: la secreción suele necesitar gotas óticas con receta.',
      ],
    },
    mites_debris: {
      label: 'restos oscuros granulosos (posibles ácaros)',
      meaning: 'Los restos oscuros y granulosos, parecidos a posos de café, son típicos de los ácaros del oído.',
      homeCare: [
        'Revise a las demás mascotas de la casa, ya que los ácaros se contagian con facilidad.',
        'No limpie la parte profunda del conducto antes de la consulta.',
      ],
      vetAdvice: ['Pida cita con el veterinario en los próximos días para que examinen los restos al microscopio.'],
    },
    inflamed: {
      label: 'conducto rojo e inflamado',
      meaning: 'Un conducto rojo indica inflamación, por alergia, infección o un cuerpo extraño como una espiga.',
      homeCare: ['Evite que su mascota se rasque la oreja.', 'Evite que le entre agua en el oído.'],
      vetAdvice: [
        'Pida cita con el veterinario en los próximos días, y antes si su mascota sacude la cabeza, la inclina o se queja.',
      ],
    },
    yeast_wax: {
      label: 'cera marrón oscuro (posibles levaduras)',
      meaning: 'Los restos cerosos de color marrón oscuro son típicos de un sobrecrecimiento de levaduras.',
      homeCare: [
        'Seque bien las orejas después del baño o de nadar.',
        'No introduzca bastoncillos de algodón (hisopos) en el conducto.',
      ],
      vetAdvice: [
        'Pida cita con el veterinario en los próximos días: las levaduras necesitan las gotas óticas adecuadas.',
      ],
    },
    mild_redness: {
      label: 'enrojecimiento leve',
      meaning: 'Se ve un ligero enrojecimiento, que puede ser una irritación incipiente.',
      homeCare: [
        'Revise el oído a diario y compárelo con el otro.',
        'Mantenga el oído seco y no limpie la parte profunda del conducto.',
      ],
      vetAdvice: [],
    },
    clean: {
      label: 'sin enrojecimiento, restos ni secreción',
      meaning: 'Un conducto rosa pálido con un poco de cera clara es el aspecto de un oído sano.',
      homeCare: [
        'Revise los oídos cada semana por si hay mal olor, enrojecimiento o restos.',
        'Limpie solo la parte externa visible de la oreja, y solo cuando esté sucia.',
      ],
      vetAdvice: [],
    },
    unclassified: {
      label: 'indeterminado a partir de la foto',
      meaning:
        'Los colores no coinciden con ninguno de los patrones que pawlens lee en un conducto auditivo (rosa pálido limpio, enrojecimiento, restos oscuros, secreción), así que no se asignó ninguna gravedad.',
      homeCare: [
        'Repita la foto de cerca y con buena luz, enfocando la entrada del oído.',
        'Vigile si su mascota sacude la cabeza, se rasca o si hay mal olor.',
      ],
      vetAdvice: ['Si su mascota sacude mucho la cabeza o se rasca mucho la oreja, consulte a su veterinario.'],
    },
  },
  fieldNames: { condition: 'Estado' },
  llm: {
    task: 'Describe el conducto auditivo visible: enrojecimiento, cera o restos (color y textura), secreción, hinchazón.',
    fieldHelp: {
      condition: 'una etiqueta breve para el dueño sobre lo que se ve',
    },
  },
};
