import { pluralSpanish } from '../../narration/locales/es.js';
import type { BreedWords } from './breed-words.js';

export const ES: BreedWords = {
  name: 'Raza',
  subject: 'su mascota',
  retakeTip: 'Envíe una foto en la que se vea con claridad a su mascota, entera si es posible.',
  unknown: 'sin determinar',
  noAnimalSpecies: 'no se detectó ningún animal',
  noAnimalBreed: 'ninguna',
  mixedBreed: 'raza mixta o no identificada',
  noModel: () =>
    'Este servidor de pawlens no tiene instalado ningún clasificador de razas, así que no se identificaron la especie ni la raza. Un administrador puede instalar uno con «pawlens models install recommended».',
  noAnimal: (topKind) =>
    `La foto no parece mostrar una mascota; la coincidencia más probable del clasificador es del tipo «${topKind}».`,
  notAPetBreed: 'ninguna (no es una mascota)',
  notAPet: (animal, topKind, byDetector) =>
    `${byDetector ? 'Para el detector es un animal' : 'Parece un animal'} (${animal}${animal === topKind ? '' : `; la mejor coincidencia del clasificador es del tipo «${topKind}»`}) que no es un perro, un gato, un conejo, un hámster ni una cobaya, así que no se indica raza y no se cobró nada.`,
  modelsDisagree: (topMatch, detected) =>
    detected
      ? `El detector toma a este animal por ${detected} y la mejor coincidencia del clasificador es «${topMatch}»: no coinciden, así que no se indica especie ni raza y no se cobró nada.`
      : `La mejor coincidencia del clasificador es «${topMatch}», pero no tiene la seguridad suficiente de que sea una mascota para nombrarla, así que no se indica especie ni raza y no se cobró nada.`,
  noAnimalAdvice: 'No se indica raza para una foto sin mascota; envíe una en la que su mascota se vea con claridad.',
  doubtsStated: ({ stated, species, percent }) =>
    `En la solicitud se indicó «${stated}», y el clasificador identifica al animal como ${species} (${percent} % de probabilidad), sin la seguridad suficiente para contradecirla, así que no se indica especie ni raza y no se cobró nada.`,
  outweighed: ({ topMatch, percent, species, speciesPercent }) =>
    `La mejor coincidencia del clasificador para este animal es «${topMatch}» (${percent} % de probabilidad), más probable que ${species} con todas sus razas juntas (${speciesPercent} %), así que no se indica especie ni raza y no se cobró nada.`,
  faint: ({ species, percent }) =>
    `El clasificador identifica al animal como ${species} (${percent} % de probabilidad), sin la seguridad suficiente para afirmarlo, así que no se indica especie ni raza y no se cobró nada.`,
  viewsDisagree: ({ species, percent, wholeMatch }) =>
    `Leído en el centro de su recuadro, el clasificador identifica al animal como ${species} (${percent} % de probabilidad), pero leído entero, sin recortar nada, ya no está claro: su mejor coincidencia es entonces «${wholeMatch}». Las dos lecturas no coinciden, así que no se indica especie ni raza y no se cobró nada.`,
  identified: ({ species, breed, percent, statedAnimal }) =>
    statedAnimal
      ? `En la solicitud se indicó «${statedAnimal}», pero el clasificador identifica al animal como ${species}, y la raza más probable es ${breed} (${percent} % de probabilidad).`
      : `El clasificador identifica al animal como ${species}, y la raza más probable es ${breed} (${percent} % de probabilidad).`,
  speciesOnly: ({ species, percent, statedAnimal }) =>
    statedAnimal
      ? `En la solicitud se indicó «${statedAnimal}», pero el clasificador identifica al animal como ${species} (${percent} % de probabilidad), sin que destaque ninguna raza concreta.`
      : `El clasificador identifica al animal como ${species} (${percent} % de probabilidad), pero no destaca ninguna raza concreta.`,
  traits: ({ animals, named, percent, coat, ahead }) => {
    const look = `ocupa cerca del ${percent} % del encuadre${coat ? ` y tiene el pelaje principalmente de color ${coat}` : ''}`;
    if (animals === 1) return `El animal ${look}.`;
    const shows = `La foto muestra ${animals} ${named ? pluralSpanish(named) : 'animales'}`;
    if (!ahead) return `${shows}; se analizó el más grande, que ${look}.`;
    return ahead.because === 'asked'
      ? `${shows}; se analizó el ${ahead.name} indicado en la solicitud, que ${look}.`
      : `${shows}; se analizó el ${ahead.name}, que ${look}, porque el detector no toma por mascota a ninguno más grande.`;
  },
  alternatives: (breeds) =>
    `También es posible: ${breeds.map(({ name, percent }) => `${name} (${percent} %)`).join(', ')}.`,
  limitation:
    'Una raza deducida a partir de una sola foto es una estimación: los animales mestizos y los jóvenes se identifican mal a menudo, y solo una prueba de ADN confirma su ascendencia.',
  fieldNames: { species: 'Especie', breed: 'Raza', confidence: 'Confianza' },
  llm: {
    task: 'Identifica la especie del animal y su raza o grupo de razas más probable, con una confianza de 0 a 100 (porcentaje).',
    fieldHelp: {
      species: 'la especie del animal',
      breed: 'la raza o el grupo de razas más probable',
    },
    petLine: (species, speciesPercent, breed, breedPercent) =>
      `El clasificador de razas ve un animal de la especie ${species} (${speciesPercent} %)${breed ? `, probablemente ${breed} (${breedPercent} %)` : ''}.`,
    noPetLine: (topKind) =>
      `El clasificador de razas no ve ninguna mascota; su mejor coincidencia es del tipo «${topKind}».`,
    unreadPetLine: (detected) => `Un detector de objetos toma al animal por ${detected}: juzga la especie por la foto.`,
    noClassifier: 'No hay ningún clasificador de razas instalado; juzga solo por la foto.',
    doubtLine: (stated, species, percent) =>
      `En la solicitud se indica que el animal es «${stated}»; el clasificador de razas lo identifica, sin seguridad, como ${species} (${percent} %): juzga la especie por la foto.`,
    faintLine: (species, percent) =>
      `El clasificador de razas identifica al animal, sin seguridad, como ${species} (${percent} %): juzga por la foto si es una mascota y cuál.`,
    disputedLine: (detected, species, percent) =>
      `Un detector de objetos toma al animal por ${detected}; el clasificador de razas lo identifica, sin seguridad, como ${species} (${percent} %): juzga la especie por la foto.`,
    viewsDisagreeLine: (species, percent, wholeMatch) =>
      `En el centro del recuadro del animal, el clasificador de razas lo identifica, sin seguridad, como ${species} (${percent} %), pero su mejor coincidencia para el animal entero es «${wholeMatch}»: juzga por la foto si es una mascota y cuál.`,
    outweighedLine: ({ topMatch, percent, species, speciesPercent }) =>
      `La mejor coincidencia del clasificador de razas es «${topMatch}» (${percent} %), un animal que no es una mascota, más probable que ${species} (${speciesPercent} %): juzga por la foto si es una mascota.`,
  },
};
