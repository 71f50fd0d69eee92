import type { Locale } from './locale.js';

/** "y" becomes "e" before a word that starts with the sound /i/ ("i-", "hi-", but not "hie-"). */
const and = (next: string) => (/^h?[ií](?![aeiouáéíóú])/iu.test(next) ? 'e' : 'y');

/** "de" + a subject name, contracting "de el" to "del" ("la foto del vómito"). */
const of = (subject: string) => (/^el\s/u.test(subject) ? `del ${subject.slice(3)}` : `de ${subject}`);

/**
 * An animal's name in the plural ("caballos", "peces", "hámsteres", "mamíferos salvajes",
 * "animales con pezuñas"): each word before a preposition, by its last letter.
 */
export function pluralSpanish(name: string): string {
  const words = name.split(' ');
  const head = words.findIndex((word) => word === 'con' || word === 'de');
  const plural = (word: string) =>
    /[aeiouáéó]$/u.test(word) ? `${word}s` : word.endsWith('z') ? `${word.slice(0, -1)}ces` : `${word}es`;
  return words.map((word, i) => (head === -1 || i < head ? plural(word) : word)).join(' ');
}

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
    no_colour: {
      label: 'foto sin color',
      summary: (subject) =>
        `La foto ${of(subject)} no tiene color aprovechable (blanco y negro, sepia, un filtro o una cámara nocturna) y este análisis se basa en el color, así que no se hizo ninguna evaluación.`,
      retakeTip:
        'Vuelva a tomar la foto en color, con luz natural o una luz blanca y brillante, sin filtros y sin el modo nocturno.',
    },
    no_subject: {
      label: 'no hay un sujeto claro en la foto',
      summary: (subject) =>
        `No es posible distinguir con claridad ${asObject(subject)} del fondo de la foto, así que no se hizo ninguna evaluación.`,
      retakeTip:
        'Vuelva a tomar la foto con el sujeto en el centro, ocupando aproximadamente un tercio del encuadre, sobre una superficie lisa de un color distinto.',
    },
    not_found: {
      label: 'no se encontró lo que se busca en la foto',
      summary: (subject) =>
        `pawlens no encontró ${asObject(subject)} en la foto, así que no se hizo ninguna evaluación.`,
      retakeTip:
        'Vuelva a tomar la foto más de cerca, desde arriba, con todo el sujeto dentro del encuadre, enfocado y con buena luz.',
    },
    in_shadow: {
      label: 'en sombra profunda',
      summary: (subject) =>
        `En la foto, la mayor parte ${of(subject)} queda en sombra profunda, reducida a negro, así que no se puede distinguir el negro del marrón oscuro y no se hizo ninguna evaluación.`,
      retakeTip:
        'Vuelva a tomar la foto con luz natural uniforme, sin sombras encima (tampoco la suya) y sin filtros de alto contraste.',
    },
    red_light: {
      label: 'luz o superficie rojiza',
      summary: (subject) =>
        `El suelo alrededor ${of(subject)} es casi tan rojo como ${asObject(subject)}: una luz cálida, un filtro o una superficie roja tiñen la foto, así que el rojo no se puede distinguir de la sangre y no se hizo ninguna evaluación.`,
      retakeTip:
        'Vuelva a tomar la foto con luz natural o luz blanca, sin filtros, sobre una superficie que no sea roja.',
    },
    faint_find: {
      label: 'hallado demasiado tenue para juzgar su color',
      summary: (subject) =>
        `Algo que podría ser ${asObject(subject)} solo se encontró en una segunda mirada más de cerca, pequeño o poco claro en la foto, y su color indicaría un problema que una detección tan débil no basta para afirmar (una hoja, un hoyo o una sombra en el suelo pueden verse igual), así que no se hizo ninguna evaluación.`,
      retakeTip:
        'Vuelva a tomar la foto más de cerca y desde arriba, de modo que ocupe cerca de un tercio del encuadre, con luz uniforme.',
    },
    too_small: {
      label: 'animal demasiado pequeño en la foto',
      summary: (minPercent) =>
        `Nada en la foto es lo bastante grande para juzgarlo: lo que puede ser un animal ocupa menos del ${minPercent} % del encuadre, así que no se hizo ninguna evaluación.`,
      retakeTip: 'Vuelva a tomar la foto más de cerca, con su mascota ocupando al menos un tercio del encuadre.',
    },
  },
  wrongSubject: {
    label: 'la foto no es del tipo adecuado',
    sentence: (shows, subject) => {
      const seen = (what: string) =>
        `Parece una foto de ${what}, no ${of(subject)}, así que no se hizo ninguna evaluación.`;
      switch (shows.kind) {
        case 'animal':
          return seen(
            shows.count > 1
              ? `${shows.count} ${shows.name ? pluralSpanish(shows.name.es) : 'animales'}`
              : shows.name
                ? `un animal (${shows.name.es})`
                : 'un animal',
          );
        case 'pet':
          return `Parece una foto de un animal (${shows.name.es}), no un primer plano ${of(subject)}, así que no se hizo ninguna evaluación.`;
        case 'person':
          return seen(shows.count > 1 ? 'varias personas' : 'una persona');
        case 'object':
          return seen(`un objeto (${shows.name?.es ?? `«${shows.label}»`})`);
        case 'no_animal':
          return 'En la foto no se ve ningún animal, así que no se hizo ninguna evaluación.';
        case 'no_animal_part':
          return `Nada en esta foto parece parte de un animal (pelo o piel), así que no se tomó por un primer plano ${of(subject)} y no se hizo ninguna evaluación.`;
        case 'graphic':
          return `Parece un dibujo, un logotipo, una captura de pantalla u otro gráfico, no una foto ${of(subject)}, así que no se hizo ninguna evaluación.`;
        case 'cut_out':
          return `Parece una imagen recortada sobre un fondo blanco liso (una ilustración, una pegatina o una foto de archivo), no una foto ${of(subject)} donde se encontró, así que no se hizo ninguna evaluación.`;
        case 'part_of_animal':
          return `Parece un primer plano de una parte de un animal (su cara, su pelo o su piel), no una foto ${of(subject)} entera, así que no se hizo ninguna evaluación.`;
        case 'round_view':
          return `Parece una vista a través de un microscopio o de una cámara de fondo de ojo, no una foto ${of(subject)}, así que no se hizo ninguna evaluación.`;
        case 'described':
          return shows.description
            ? `El modelo de lenguaje que leyó la foto dice que muestra ${shows.description} y no ${subject}, así que no se hizo ninguna evaluación.`
            : `El modelo de lenguaje que leyó la foto dice que no es una foto ${of(subject)}, así que no se hizo ninguna evaluación.`;
        case 'landscape':
          if (shows.what === 'greenery')
            return `Parece una foto tomada al aire libre, entre plantas o sobre césped, y no un primer plano ${of(subject)}, así que no se hizo ninguna evaluación.`;
          return `Parece una foto tomada a distancia, sobre todo ${{ grass: 'hierba', sky: 'cielo', ground: 'suelo al aire libre' }[shows.what]}, y no un primer plano ${of(subject)}, así que no se hizo ninguna evaluación.`;
        case 'food':
          return seen('comida o bebida');
        case 'stool':
          return seen('heces en el suelo');
        default: {
          const unknown: never = shows;
          throw new Error(`no sentence for ${JSON.stringify(unknown)}`);
        }
      }
    },
  },
  unverifiedSentence:
    'Este servidor no tiene instalado ningún detector de objetos, así que no comprobó que la foto muestre lo que se pidió.',
  locatedSentence: (count, subject) =>
    `pawlens encontró ${count} porciones ${of(subject)} en la foto; los colores son los de la más grande.`,
  unlocatedSentence: (subject) =>
    `Este servidor no tiene instalado ningún modelo que localice ${asObject(subject)}, así que sus colores se leyeron de lo que destaca sobre el fondo.`,
  unverifiedUnlocatedSentence: (subject) =>
    `Este servidor no tiene instalados modelos de escena, así que no comprobó que la foto muestre lo que se pidió ni localizó ${asObject(subject)} en ella.`,
  prompt: {
    languageName: 'español',
    system: (languageName) =>
      `Eres pawlens, un asistente de triaje veterinario que escribe para dueños de mascotas. Ves una foto y las mediciones que los modelos locales tomaron de ella. Escribe todos los campos de texto en ${languageName}. Responde con un único objeto JSON que cumpla el esquema y nada más. Describe solo lo que se ve y nunca diagnostiques. Las mediciones vienen de modelos sencillos: tómalas como pistas y describe lo que muestra la foto, salvo donde una línea diga que debe mantenerse (una señal de alarma, la etiqueta de un modelo entrenado).`,
    measuredHeading: 'Mediciones de los modelos locales (pistas, salvo donde una línea diga que debe mantenerse):',
    fieldsHeading: 'Campos que debes rellenar:',
    rulesHeading: 'Reglas:',
    fieldHelp: {
      summary: 'de 2 a 4 frases: qué se ve, qué puede significar y una limitación de juzgar por una foto',
      home_care: 'al menos 2 medidas concretas que el dueño puede tomar',
      vet_advice: 'consejo veterinario concreto, urgente cuando deba serlo; una lista vacía si no hace falta visita',
      confidence: 'un número entero de 0 a 100: su seguridad, en porcentaje',
      photo_shows:
        'lo que muestra de verdad la foto, en pocas palabras (por ejemplo "una pared de ladrillo", "un perro tumbado en la hierba")',
      shows_subject:
        'true si la foto muestra aquello de lo que trata la tarea, lo bastante cerca para valorarlo; false si muestra otra cosa (un dibujo, un objeto, una parte del animal distinta de la pedida)',
    },
    severityHelp: (values) => `uno de estos: ${values}; inconclusive cuando la foto no permite juzgar`,
    rules: {
      summary: 'El resumen debe tener de 2 a 4 frases.',
      home_care: 'Da al menos 2 elementos de home_care, concretos para lo que ves.',
      severity: 'Si la foto no muestra el sujeto con claridad, usa severity "inconclusive" y explica cómo repetirla.',
    },
    ownerSays: (animalType) => `El dueño dice que el animal es: ${animalType}.`,
    sceneLine: (objects) => `El detector de objetos ve: ${objects}.`,
    sceneObject: (name, sure, frame) => `${name} (${sure}% de seguridad, ${frame}% del encuadre)`,
    sceneUnverified: 'No hay ningún detector de objetos instalado, así que no se comprobó qué muestra la foto.',
    retryHeading: 'Tu respuesta anterior no se aceptó por estos motivos; responde de nuevo con el JSON corregido:',
    issues: {
      format_ignored: () =>
        'La respuesta era texto: responde solo con el objeto JSON que describe el esquema, nada más.',
      not_json: () => 'La respuesta no era un objeto JSON completo.',
      truncated: () => 'La respuesta quedó cortada: acorta todos los campos.',
      wrong_language: (issue) => `${issue.field} no está escrito en español.`,
      too_long: (issue) => `${issue.field} es demasiado largo: como mucho ${issue.limit} caracteres.`,
      too_many: (issue) => `${issue.field} tiene demasiados elementos: como mucho ${issue.limit}.`,
      too_few: (issue) => `${issue.field} necesita al menos ${issue.limit} elementos.`,
      too_big: (issue) => `${issue.field} debe ser como mucho ${issue.limit}.`,
      too_small: (issue) => `${issue.field} debe ser al menos ${issue.limit}.`,
      not_allowed: (issue) => `${issue.field} debe ser uno de estos: ${issue.allowed.join(', ')}.`,
      missing: (issue) => `Falta ${issue.field} o está vacío.`,
      wrong_type: (issue) => `${issue.field} tiene un tipo incorrecto.`,
      sentences: (issue) => `${issue.field} debe tener de 2 a 4 frases.`,
      unknown_field: (issue) => `${issue.field} no es un campo del esquema: quítalo.`,
      invalid: (issue) => `${issue.field} no es válido.`,
    },
  },
};
