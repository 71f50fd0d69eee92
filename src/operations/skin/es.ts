import type { HealthWords } from '../health/health-words.js';
import type { SkinRuleId } from './skin-rules.js';

export const ES: HealthWords<SkinRuleId> = {
  name: 'Piel',
  subject: 'la piel',
  retakeTip: 'Tome un primer plano de la piel con el pelo separado a su alrededor, con buena luz.',
  observation: (colours) => `La foto de la piel muestra tonos principalmente de color ${colours}.`,
  limitation: 'El color por sí solo no permite identificar parásitos, alergias ni la causa de un cambio en la piel.',
  withheld: {
    label: 'sin cambios de color visibles (no es una revisión completa)',
    sentence:
      'Los modelos instalados no pueden ver lesiones, pérdida de pelo, descamación, parásitos ni bultos, así que esto no garantiza que la piel esté sana: no se dio ningún veredicto y no se cobró nada.',
  },
  findings: {
    bleeding: {
      label: 'posible sangrado o herida abierta',
      meaning: 'Las zonas de color rojo oscuro sugieren sangre o una herida abierta.',
      homeCare: [
        'Limpie la zona con suavidad con suero fisiológico y evite que su mascota se la lama, por ejemplo con un collar isabelino.',
        'Si todavía sangra, presione la zona con un paño limpio.',
      ],
      vetAdvice: [
        'Haga que un veterinario revise la herida en el plazo de un día, y de inmediato si sigue sangrando o es profunda.',
      ],
    },
    marked_redness: {
      label: 'enrojecimiento marcado',
      meaning:
        'Un enrojecimiento intenso indica piel inflamada, por ejemplo por alergia, infección o dermatitis húmeda aguda («hot spots»).',
      homeCare: [
        'Evite que su mascota se lama o se rasque la zona.',
        'Mantenga la zona limpia y seca, y no use cremas para personas.',
      ],
      vetAdvice: [
        'Pida cita con el veterinario en los próximos días, y antes si la zona se extiende, supura o le duele.',
      ],
    },
    crust_discharge: {
      label: 'costras o secreción amarillentas',
      meaning: 'Las costras o las secreciones de color amarillo pueden indicar una infección de la piel.',
      homeCare: [
        'Mantenga la zona limpia y seca, y evite que su mascota se la lama.',
        'No arranque las costras; anote si aparecen costras nuevas.',
      ],
      vetAdvice: [
        'Pida cita con el veterinario en los próximos días: las costras y la secreción suelen necesitar tratamiento.',
      ],
    },
    redness: {
      label: 'enrojecimiento leve',
      meaning: 'Se ve algo de enrojecimiento, que puede deberse a irritación, rascado o una alergia leve.',
      homeCare: [
        'Evite que su mascota se lama o se rasque, y revise la zona a diario.',
        'Tome una foto cada día con la misma luz para poder comparar.',
      ],
      vetAdvice: [],
    },
    redder_patches: {
      label: 'zonas más rojas que la piel de alrededor',
      meaning:
        'Algunas zonas se ven claramente más rojas que la piel y el pelo de alrededor, lo que puede deberse a irritación, rascado, una alergia o una infección.',
      homeCare: [
        'Evite que su mascota se lama o se rasque, y revise la zona a diario.',
        'Tome una foto cada día con la misma luz para poder comparar.',
      ],
      vetAdvice: ['Si las zonas se extienden, supuran o pican durante más de unos días, consulte a su veterinario.'],
    },
    no_visible_change: {
      label: 'sin zonas de enrojecimiento ni secreción',
      meaning:
        'En los colores no destaca ninguna zona de enrojecimiento, sangre ni secreción; un enrojecimiento leve o disperso puede pasar inadvertido.',
      homeCare: [
        'Mantenga el cepillado habitual y la prevención de parásitos.',
        'Revise la piel con regularidad por si aparecen bultos, enrojecimiento o pérdida de pelo.',
      ],
      vetAdvice: [],
    },
    unclassified: {
      label: 'indeterminado a partir de la foto',
      meaning:
        'Los colores no coinciden con ningún patrón que pawlens pueda interpretar, así que no se asignó ninguna gravedad.',
      homeCare: [
        'Repita la foto de cerca, con buena luz y separando el pelo.',
        'Vigile si su mascota se rasca o se lame, o si los cambios se extienden.',
      ],
      vetAdvice: ['Si la piel le preocupa o su mascota no deja de rascarse, consulte a su veterinario.'],
    },
  },
  fieldNames: { condition: 'Estado' },
  llm: {
    task: 'Describe el estado visible de la piel: enrojecimiento, heridas, costras, descamación, pérdida de pelo, parásitos, bultos.',
    fieldHelp: {
      condition: 'una etiqueta breve para el dueño sobre lo que se ve',
    },
  },
};
