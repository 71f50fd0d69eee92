import { SEE_VET_TODAY } from '../health/es.js';
import type { HealthWords } from '../health/health-words.js';
import type { VomitRuleId } from './vomit-rules.js';

export const ES: HealthWords<VomitRuleId> = {
  name: 'Vómito',
  subject: 'el vómito',
  retakeTip:
    'Fotografíe solo el vómito, de cerca y desde arriba, sobre una superficie lisa, sin ninguna mascota ni persona en el encuadre.',
  observation: (colours) => `El vómito de la foto es principalmente de color ${colours}.`,
  limitation:
    'Una foto no puede mostrar con qué frecuencia vomita su mascota ni si tiene arcadas sin expulsar nada, y eso importa tanto como el color.',
  findings: {
    coffee_grounds: {
      label: 'posos de café (probablemente sangre digerida)',
      meaning:
        'Un material granuloso de color marrón oscuro, parecido a los posos de café, suele ser sangre digerida procedente del estómago.',
      homeCare: [
        'Retire la comida hasta que un veterinario haya visto a su mascota.',
        'Guarde una muestra o una foto de cada vómito para la consulta.',
      ],
      vetAdvice: [`${SEE_VET_TODAY}: el vómito en posos de café puede indicar un sangrado en el estómago.`],
    },
    heavy_blood: {
      label: 'vómito con sangre',
      meaning: 'Una gran cantidad de rojo sugiere un sangrado activo en la boca, la garganta o el estómago.',
      homeCare: [
        'Mantenga a su mascota tranquila y retire la comida.',
        'Si su mascota se deja, revise si tiene heridas en la boca, sin forzarla.',
      ],
      vetAdvice: [`${SEE_VET_TODAY}, a una clínica de urgencias si hace falta: vomitar mucha sangre es una urgencia.`],
    },
    fresh_blood: {
      label: 'vómito con sangre fresca',
      meaning:
        'Las vetas rojas sugieren sangre fresca, que puede deberse a una irritación del estómago o de la garganta, o a vómitos repetidos.',
      homeCare: [
        'Retire la comida durante unas horas y luego ofrezca una pequeña comida de dieta blanda.',
        'Anote con qué frecuencia vomita su mascota y guarde fotos.',
      ],
      vetAdvice: [
        'Llame hoy a su veterinario por la sangre en el vómito, y de inmediato si se repite o su mascota está débil.',
      ],
    },
    bile: {
      label: 'bilis (espuma o líquido amarillo o verde)',
      meaning: 'La espuma amarilla o verde suele ser bilis y aparece a menudo cuando el estómago está vacío.',
      homeCare: [
        'Ofrezca comidas más pequeñas y frecuentes, incluida una pequeña comida a última hora de la noche.',
        'Mantenga agua fresca disponible y anote la hora de cada episodio.',
      ],
      vetAdvice: [],
    },
    possible_digested_blood: {
      label: 'material marrón oscuro (posible sangre digerida)',
      meaning:
        'El vómito marrón oscuro puede ser sangre digerida del estómago («posos de café»), aunque la comida o los premios oscuros pueden verse igual.',
      homeCare: [
        'Retire la comida hasta que un veterinario vea a su mascota y ofrézcale agua en pequeñas cantidades.',
        'Guarde una muestra o una foto del vómito y anote qué comió su mascota por última vez.',
      ],
      vetAdvice: [
        'Lleve a su mascota al veterinario hoy: el vómito marrón oscuro puede ser sangre digerida, y solo un examen puede distinguirlo de la comida.',
      ],
    },
    food: {
      label: 'comida o alimento seco, quizá sin digerir',
      meaning:
        'Un material del color de la comida poco después de comer sugiere regurgitación o que su mascota come demasiado rápido.',
      homeCare: [
        'Use un comedero de alimentación lenta o divida las comidas en porciones más pequeñas.',
        'Anote cuánto tiempo después de comer ocurre y si su mascota tose o tiene arcadas.',
      ],
      vetAdvice: [],
    },
    foam: {
      label: 'espuma blanca o moco',
      meaning: 'La espuma blanca es sobre todo saliva y moco de un estómago vacío o irritado.',
      homeCare: [
        'Retire la comida durante unas horas y luego ofrezca pequeñas comidas de dieta blanda.',
        'Ofrézcale agua en pequeñas cantidades.',
      ],
      vetAdvice: [],
    },
    unclassified: {
      label: 'indeterminado',
      meaning:
        'Los colores no coinciden con ningún patrón que pawlens pueda interpretar, así que no se asignó ningún tipo de vómito.',
      homeCare: [
        'Repita la foto con luz natural, con el vómito sobre una superficie lisa de un solo color.',
        'Anote con qué frecuencia vomita su mascota y qué fue lo último que comió.',
      ],
      vetAdvice: [
        'Si su mascota vomita repetidamente, tiene arcadas sin expulsar nada o parece débil, llame a su veterinario ahora.',
      ],
    },
  },
  fieldNames: { vomit_type: 'Tipo de vómito', color: 'Color' },
  llm: {
    task: 'Describe el vómito de la foto: su tipo más probable (bilis, comida, espuma, sangre fresca, posos de café, material extraño) y su color.',
    fieldHelp: {
      vomit_type: 'el tipo de vómito más probable, en pocas palabras',
    },
  },
};
