import type { Locale } from './locale.js';

const SEE_VET_TODAY = 'Lleve a su mascota al veterinario hoy mismo';

/** "y" becomes "e" before a word that starts with the sound /i/ ("i-", "hi-", but not "hie-"). */
const and = (next: string) => (/^h?[ií](?![aeiouáéíóú])/iu.test(next) ? 'e' : 'y');

/** "de" + a subject name, contracting "de el" to "del" ("la foto del vómito"). */
const of = (subject: string) => (/^el\s/u.test(subject) ? `del ${subject.slice(3)}` : `de ${subject}`);

/** A subject name as a direct object: a pet takes the personal "a" ("distinguir a su mascota"). */
const asObject = (subject: string) => (/^(su|la|una) mascota\b/u.test(subject) ? `a ${subject}` : subject);

/**
 * Subject names carry their article ("las heces", "el vómito"), because Spanish needs it and the
 * gender cannot be guessed; the quality summaries contract "de el" themselves.
 */
export const ES: Locale = {
  colourNames: {
    black: 'negro',
    dark_brown: 'marrón oscuro',
    brown: 'marrón',
    light_brown: 'marrón claro',
    red: 'rojo',
    dark_red: 'rojo oscuro',
    pink: 'rosa',
    orange: 'naranja',
    yellow: 'amarillo',
    pale_yellow: 'amarillo pálido',
    amber: 'ámbar',
    green: 'verde',
    grey: 'gris',
    white: 'blanco',
    blue_purple: 'azul o morado',
  },
  joinList: (items) => {
    const last = items.at(-1);
    if (items.length <= 1 || last === undefined) return items[0] ?? '';
    return `${items.slice(0, -1).join(', ')} ${and(last)} ${last}`;
  },
  observationSentence: (operation, colours) => {
    switch (operation) {
      case 'skin':
        return `La foto de la piel muestra tonos principalmente de color ${colours}.`;
      case 'ear':
        return `La foto del conducto auditivo muestra tonos principalmente de color ${colours}.`;
      case 'stool':
        return `Las heces de la foto son principalmente de color ${colours}.`;
      case 'vomit':
        return `El vómito de la foto es principalmente de color ${colours}.`;
      case 'urine':
        return `La orina de la foto es principalmente de color ${colours}.`;
      default: {
        const unknown: never = operation;
        throw new Error(`no observation sentence for ${String(unknown)}`);
      }
    }
  },
  limitationSentence: {
    stool:
      'Una foto solo muestra el color, así que no se evalúan la consistencia, el moco, los gusanos ni la sangre mezclada en el interior de las heces.',
    vomit:
      'Una foto no puede mostrar con qué frecuencia vomita su mascota ni si tiene arcadas sin expulsar nada, y eso importa tanto como el color.',
    urine:
      'El color en una foto depende de la luz y de la superficie, y no mide la concentración ni detecta infecciones; eso lo hace un análisis de orina.',
    skin: 'El color por sí solo no permite identificar parásitos, alergias ni la causa de un cambio en la piel.',
    ear: 'Una foto de la parte externa del conducto no puede mostrar el tímpano ni la parte más profunda del conducto, donde empiezan muchos problemas de oído.',
  },
  findings: {
    stool: {
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
    vomit: {
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
        vetAdvice: [
          `${SEE_VET_TODAY}, a una clínica de urgencias si hace falta: vomitar mucha sangre es una urgencia.`,
        ],
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
    urine: {
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
    skin: {
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
      no_visible_change: {
        label: 'sin enrojecimiento ni secreción visibles',
        meaning: 'En los colores no destaca ningún enrojecimiento, sangre ni secreción.',
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
    ear: {
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
          'Los colores no coinciden con ningún patrón que pawlens pueda interpretar, así que no se asignó ninguna gravedad.',
        homeCare: [
          'Repita la foto de cerca y con buena luz, enfocando la entrada del oído.',
          'Vigile si su mascota sacude la cabeza, se rasca o si hay mal olor.',
        ],
        vetAdvice: ['Si su mascota sacude mucho la cabeza o se rasca mucho la oreja, consulte a su veterinario.'],
      },
    },
  },
  stoolConsistency: 'no evaluada (solo análisis de color)',
  urineClarity: { cloudy: 'turbia', clear: 'no se aprecia turbidez (difícil de juzgar en una foto)' },
  quality: {
    too_dark: {
      label: 'foto demasiado oscura para evaluarla',
      summary: (subject) =>
        `La foto ${of(subject)} está demasiado oscura para juzgar los colores con fiabilidad, así que no se hizo ninguna evaluación.`,
      retakeTip:
        'Vuelva a tomar la foto con luz natural o con una luz interior blanca y brillante, sin lámparas de color.',
    },
    overexposed: {
      label: 'foto demasiado clara para evaluarla',
      summary: (subject) =>
        `La foto ${of(subject)} tiene tanta luz que los colores se pierden, así que no se hizo ninguna evaluación.`,
      retakeTip: 'Vuelva a tomar la foto sin luz solar directa y sin reflejos del flash.',
    },
    blurred: {
      label: 'foto demasiado borrosa para evaluarla',
      summary: (subject) =>
        `La foto ${of(subject)} está demasiado borrosa para poder valorarla, así que no se hizo ninguna evaluación.`,
      retakeTip:
        'Sostenga el teléfono firme a unos 20 o 30 centímetros, toque la pantalla para enfocar y vuelva a tomar la foto.',
    },
    no_subject: {
      label: 'no hay un sujeto claro en la foto',
      summary: (subject) =>
        `No es posible distinguir con claridad ${asObject(subject)} del fondo de la foto, así que no se hizo ninguna evaluación.`,
      retakeTip:
        'Vuelva a tomar la foto con el sujeto en el centro, ocupando aproximadamente un tercio del encuadre, sobre una superficie lisa de un color distinto.',
    },
  },
  subjectNames: {
    stool: 'las heces',
    vomit: 'el vómito',
    urine: 'la orina',
    skin: 'la piel',
    ear: 'el oído',
    emotion: 'su mascota',
    breed: 'su mascota',
  },
  wrongSubject: {
    label: 'la foto no es del tipo adecuado',
    sentence: (shows, subject) => {
      const seen = (what: string) =>
        `Parece una foto de ${what}, no ${of(subject)}, así que no se hizo ninguna evaluación.`;
      switch (shows.kind) {
        case 'animal':
          return seen(
            shows.count > 1 ? `${shows.count} animales` : shows.name ? `un animal (${shows.name.es})` : 'un animal',
          );
        case 'person':
          return seen(shows.count > 1 ? 'varias personas' : 'una persona');
        case 'object':
          return seen(`un objeto (${shows.name?.es ?? `«${shows.label}»`})`);
        case 'no_animal':
          return 'En la foto no se ve ningún animal, así que no se hizo ninguna evaluación.';
        case 'landscape':
          return `Parece una foto tomada a distancia, sobre todo ${shows.what === 'grass' ? 'hierba' : 'cielo'}, y no un primer plano ${of(subject)}, así que no se hizo ninguna evaluación.`;
        default: {
          const unknown: never = shows;
          throw new Error(`no sentence for ${JSON.stringify(unknown)}`);
        }
      }
    },
    retakeTip: {
      stool:
        'Fotografíe solo las heces, de cerca y desde arriba, sobre una superficie lisa, sin ninguna mascota ni persona en el encuadre.',
      vomit:
        'Fotografíe solo el vómito, de cerca y desde arriba, sobre una superficie lisa, sin ninguna mascota ni persona en el encuadre.',
      urine:
        'Fotografíe solo la orina, sobre un empapador blanco o en un recipiente transparente, sin ninguna mascota ni persona en el encuadre.',
      skin: 'Tome un primer plano en el que la piel llene el encuadre, separando el pelo, con buena luz.',
      ear: 'Tome un primer plano en el que la entrada del oído llene el encuadre, con buena luz.',
      emotion: 'Envíe una foto en la que se vean con claridad la cara y el cuerpo de su mascota.',
      breed: 'Envíe una foto en la que se vea con claridad a su mascota, entera si es posible.',
    },
  },
  unverifiedSentence:
    'Este servidor no tiene instalado ningún detector de objetos, así que no comprobó que la foto muestre lo que se pidió.',
  qualityHomeCare: [
    'Vuelva a tomar la foto con una luz buena y uniforme, y con el sujeto bien enfocado.',
    'Mientras tanto, vigile si cambian el apetito, la energía o los hábitos de eliminación de su mascota.',
  ],
  qualityVetAdvice: ['Si su mascota parece enferma, llame a su veterinario sin esperar al análisis de una foto.'],
  emotion: {
    label: 'no evaluado',
    summary:
      'Las emociones se expresan con la postura, las orejas, los ojos y la cola, y los modelos que se ejecutan en este servidor no los interpretan, así que no se dedujo ningún estado emocional. Juzgue el estado de ánimo de su mascota por su comportamiento, y consulte a un veterinario o a un especialista en comportamiento si parece ansiosa, dolorida o inusualmente apagada.',
  },
  breed: {
    unknown: 'sin determinar',
    noAnimalSpecies: 'no se detectó ningún animal',
    noAnimalBreed: 'ninguna',
    mixedBreed: 'raza mixta o no identificada',
    noModel: () =>
      'Este servidor de pawlens no tiene instalado ningún clasificador de razas, así que no se identificaron la especie ni la raza. Un administrador puede instalar uno con «pawlens models install recommended».',
    noAnimal: (topLabel) =>
      `La foto no parece mostrar una mascota; la coincidencia más probable del clasificador fue «${topLabel}».`,
    noAnimalAdvice: 'No se indica raza para una foto sin mascota; envíe una en la que su mascota se vea con claridad.',
    identified: ({ species, breed, percent, statedAnimal }) =>
      statedAnimal
        ? `En la solicitud se indicó «${statedAnimal}», pero el clasificador identifica al animal como ${species}, y la raza más probable es ${breed} (${percent} % de probabilidad).`
        : `El clasificador identifica al animal como ${species}, y la raza más probable es ${breed} (${percent} % de probabilidad).`,
    speciesOnly: ({ species, percent, statedAnimal }) =>
      statedAnimal
        ? `En la solicitud se indicó «${statedAnimal}», pero el clasificador identifica al animal como ${species} (${percent} % de probabilidad), sin que destaque ninguna raza concreta.`
        : `El clasificador identifica al animal como ${species} (${percent} % de probabilidad), pero no destaca ninguna raza concreta.`,
    traits: ({ animals, percent, coat }) => {
      const look = `ocupa cerca del ${percent} % del encuadre${coat ? ` y tiene el pelaje principalmente de color ${coat}` : ''}`;
      return animals > 1
        ? `La foto muestra ${animals} animales; se analizó el más grande, que ${look}.`
        : `El animal ${look}.`;
    },
    alternatives: (breeds) =>
      `También es posible: ${breeds.map(({ name, percent }) => `${name} (${percent} %)`).join(', ')}.`,
    limitation:
      'Una raza deducida a partir de una sola foto es una estimación: los animales mestizos y los jóvenes se identifican mal a menudo, y solo una prueba de ADN confirma su ascendencia.',
  },
  prompt: {
    languageName: 'español',
    system: (languageName) =>
      `Eres pawlens, un asistente de triaje veterinario que escribe para dueños de mascotas. Ves una foto y las mediciones que los modelos locales tomaron de ella. Escribe todos los campos de texto en ${languageName}. Responde con un único objeto JSON que cumpla el esquema y nada más. Describe solo lo que se ve, nunca diagnostiques y nunca contradigas las mediciones.`,
    task: {
      stool:
        'Evalúa las heces de la mascota en la foto: color, consistencia (escala fecal de 1, bolitas duras, 2 ideal, hasta 7, líquidas), moco, sangre, gusanos o cuerpos extraños.',
      vomit:
        'Describe el vómito de la foto: su tipo más probable (bilis, comida, espuma, sangre fresca, posos de café, material extraño) y su color.',
      urine: 'Describe la orina de la foto: su color y su claridad.',
      skin: 'Describe el estado visible de la piel: enrojecimiento, heridas, costras, descamación, pérdida de pelo, parásitos, bultos.',
      ear: 'Describe el conducto auditivo visible: enrojecimiento, cera o restos (color y textura), secreción, hinchazón.',
      emotion:
        'Juzga el estado emocional más probable de la mascota por su postura, orejas, ojos, boca y cola, con una confianza de 0 a 1.',
      breed: 'Identifica la especie del animal y su raza o grupo de razas más probable, con una confianza de 0 a 1.',
    },
    measuredHeading: 'Mediciones de los modelos locales:',
    fieldsHeading: 'Campos que debes rellenar:',
    rulesHeading: 'Reglas:',
    fieldHelp: {
      severity: 'normal, mild, moderate o severe; inconclusive cuando la foto no permite juzgar',
      consistency: 'la consistencia o textura de las heces, en pocas palabras',
      vomit_type: 'el tipo de vómito más probable, en pocas palabras',
      clarity: 'clara, algo turbia o turbia',
      condition: 'una etiqueta breve para el dueño sobre lo que se ve',
      emotion: 'el estado emocional más probable, en una o dos palabras',
      confidence: 'un número de 0 a 1',
      species: 'la especie del animal',
      breed: 'la raza o el grupo de razas más probable',
      summary: 'de 2 a 4 frases: qué se ve, qué puede significar y una limitación de juzgar por una foto',
      home_care: 'al menos 2 medidas concretas que el dueño puede tomar',
      vet_advice: 'consejo veterinario concreto, urgente cuando deba serlo; una lista vacía si no hace falta visita',
    },
    rules: [
      'El resumen debe tener de 2 a 4 frases.',
      'Da al menos 2 elementos de home_care, concretos para lo que ves.',
      'Si la foto no muestra el sujeto con claridad, usa severity "inconclusive" y explica cómo repetirla.',
    ],
    coloursLine: (where, colours) =>
      `Colores medidos ${where === 'subject' ? 'en el sujeto' : 'en toda la foto'}: ${colours}.`,
    findingLine: (label, severity) => `Hallazgo de la regla de color: ${label} (gravedad ${severity}).`,
    noFinding: 'Ninguna regla de color se aplicó a estos colores.',
    redFlagLine: (label, severity) =>
      `Señal de alarma: ${label}. La gravedad debe ser "${severity}" o mayor, y vet_advice debe decir con qué urgencia ver a un veterinario.`,
    petLine: (species, speciesPercent, breed, breedPercent) =>
      `El clasificador de razas ve un animal de la especie ${species} (${speciesPercent} %)${breed ? `, probablemente ${breed} (${breedPercent} %)` : ''}.`,
    noPetLine: (topLabel) => `El clasificador de razas no ve ninguna mascota; su mejor coincidencia es «${topLabel}».`,
    noClassifier: 'No hay ningún clasificador de razas instalado; juzga solo por la foto.',
    emotionNote: 'Ningún modelo local lee las emociones; júzgalas solo por la foto.',
    ownerSays: (animalType) => `El dueño dice que el animal es: ${animalType}.`,
    sceneLine: (objects) => `El detector de objetos ve: ${objects}.`,
    sceneUnverified: 'No hay ningún detector de objetos instalado, así que no se comprobó qué muestra la foto.',
    retryHeading: 'Tu respuesta anterior no se aceptó por estos motivos; responde de nuevo con el JSON corregido:',
  },
};
