import type { Locale } from './locale.js';

const SEE_VET_TODAY = 'See a veterinarian today';
/** "an Egyptian Mau", "a Beagle": by the first letter, which fits breed names well enough. */
const article = (noun: string) => (/^[aeiou]/i.test(noun) ? 'an' : 'a');

/** "a", "a and b", "a, b and c". */
const EN_JOIN = (items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

export const EN: Locale = {
  colourNames: {
    black: 'black',
    dark_brown: 'dark brown',
    brown: 'brown',
    light_brown: 'light brown',
    red: 'red',
    dark_red: 'dark red',
    pink: 'pink',
    orange: 'orange',
    yellow: 'yellow',
    pale_yellow: 'pale yellow',
    amber: 'amber',
    green: 'green',
    grey: 'grey',
    white: 'white',
    blue_purple: 'blue or purple',
  },
  joinList: (items) => EN_JOIN(items),
  observationSentence: (operation, colours) =>
    operation === 'skin' || operation === 'ear'
      ? `The photo of the ${operation === 'ear' ? 'ear canal' : 'skin'} shows mainly ${colours} tones.`
      : `The ${operation} in the photo is mainly ${colours}.`,
  limitationSentence: {
    stool: 'A photo shows colour only, so consistency, mucus, worms and blood mixed inside are not assessed.',
    vomit:
      'A photo cannot show how often your pet vomits or whether it retches without bringing anything up, which matters as much as the colour.',
    urine:
      'Colour in a photo depends on the light and the surface, and it does not measure concentration or infection; a urine test does.',
    skin: 'Colour alone cannot identify parasites, allergies or the cause of a skin change.',
    ear: 'A photo of the outer canal cannot show the eardrum or the deeper canal, where many ear problems start.',
  },
  findings: {
    stool: {
      melena: {
        label: 'black, tarry-looking',
        meaning:
          'Black, tar-like stool can contain digested blood from the stomach or small intestine (melena), although iron supplements, bismuth or activated charcoal can also turn stool black.',
        homeCare: [
          'Keep a fresh sample in a sealed bag to take to the veterinarian.',
          'Write down any medicines or supplements your pet has had, especially iron, bismuth or charcoal.',
          'Watch for weakness, pale gums, vomiting or a swollen belly while you arrange the visit.',
        ],
        vetAdvice: [`${SEE_VET_TODAY}: black, tarry stool can mean bleeding in the upper digestive tract.`],
      },
      heavy_blood: {
        label: 'heavily blood-stained',
        meaning: 'A large amount of red suggests significant fresh bleeding from the lower gut.',
        homeCare: [
          'Keep your pet calm and indoors, with water available.',
          'Bring a fresh sample or a photo of every stool passed today to the veterinarian.',
        ],
        vetAdvice: [
          `${SEE_VET_TODAY}: a lot of blood in the stool needs prompt examination; go to an emergency clinic if your pet is weak or its gums look pale.`,
        ],
      },
      fresh_blood: {
        label: 'with red streaks',
        meaning:
          'Red streaks usually mean fresh blood from the lower gut (hematochezia), often from colitis, straining or parasites.',
        homeCare: [
          'Offer small, bland meals and plenty of water for a day or two.',
          'Check the next stools and note whether the blood increases, stays or goes.',
          'Keep a fresh sample for a parasite test.',
        ],
        vetAdvice: [
          'Book a veterinary visit within a day or two, and go sooner if there is more blood, vomiting, or your pet seems tired.',
        ],
      },
      pale_clay: {
        label: 'grey or clay-coloured',
        meaning:
          'Grey or clay-coloured stool can mean too little bile pigment, which may point to a liver, bile duct or pancreas problem.',
        homeCare: [
          'Note how many pale stools you see and whether they are greasy or bulky.',
          'Watch for yellow gums or eyes, vomiting or weight loss.',
        ],
        vetAdvice: ['Arrange a veterinary check in the next few days; pale stools that repeat need blood tests.'],
      },
      yellow_orange: {
        label: 'yellow or orange',
        meaning:
          'Yellow or orange stool often comes from food moving through the gut too fast, and sometimes from a liver or bile problem.',
        homeCare: [
          'Keep the diet steady and avoid new treats or rich food for a few days.',
          'Make sure fresh water is always available.',
        ],
        vetAdvice: [
          'See a veterinarian if yellow or orange stools continue for more than two days, or if the gums or eyes look yellow.',
        ],
      },
      green: {
        label: 'green',
        meaning: 'Green stool usually comes from eating grass or plants, or from bile that passed through quickly.',
        homeCare: [
          'Check whether your pet has been eating grass or plants, and whether any could be toxic.',
          'Keep the diet steady and watch the next few stools.',
        ],
        vetAdvice: [],
      },
      brown: {
        label: 'brown',
        meaning: 'Brown is the expected colour of a healthy stool.',
        homeCare: [
          'Keep feeding the usual diet and keep fresh water available.',
          'Keep an eye on stool colour and firmness as part of routine care.',
        ],
        vetAdvice: [],
      },
      unclassified: {
        label: 'unclear',
        meaning: 'The colours do not match a pattern pawlens can interpret, so no severity was assigned.',
        homeCare: [
          'Retake the photo in daylight with the stool on a plain surface.',
          "Watch your pet's appetite, energy and the next stools.",
        ],
        vetAdvice: ['If the stool looks unusual to you or your pet seems unwell, ask your veterinarian.'],
      },
    },
    vomit: {
      coffee_grounds: {
        label: 'coffee-ground material (likely digested blood)',
        meaning:
          'Dark brown, granular material that looks like coffee grounds is typically digested blood from the stomach.',
        homeCare: [
          'Take away food until a veterinarian has seen your pet.',
          'Keep a sample or a photo of each vomit for the visit.',
        ],
        vetAdvice: [`${SEE_VET_TODAY}: coffee-ground vomit can mean bleeding in the stomach.`],
      },
      heavy_blood: {
        label: 'bloody vomit',
        meaning: 'A large amount of red suggests active bleeding in the mouth, throat or stomach.',
        homeCare: [
          'Keep your pet calm and take away food.',
          'Check the mouth for wounds if your pet lets you, without forcing it.',
        ],
        vetAdvice: [`${SEE_VET_TODAY}, at an emergency clinic if needed: vomiting a lot of blood is an emergency.`],
      },
      fresh_blood: {
        label: 'vomit with fresh blood',
        meaning:
          'Red streaks suggest fresh blood, which can come from irritation of the stomach or throat or from repeated vomiting.',
        homeCare: [
          'Withhold food for a few hours, then offer a small bland meal.',
          'Note how often your pet vomits and keep photos.',
        ],
        vetAdvice: [
          'Contact your veterinarian today about blood in the vomit, and go at once if it repeats or your pet is weak.',
        ],
      },
      bile: {
        label: 'bile (yellow or green fluid or foam)',
        meaning: 'Yellow or green foam is usually bile and often appears when the stomach is empty.',
        homeCare: [
          'Offer smaller meals more often, including a small late-evening meal.',
          'Keep fresh water available and note the time of each episode.',
        ],
        vetAdvice: [],
      },
      possible_digested_blood: {
        label: 'dark brown material (possible digested blood)',
        meaning:
          'Dark brown vomit can be digested blood from the stomach ("coffee grounds"), although dark food or treats can look the same.',
        homeCare: [
          'Take away food until a veterinarian has seen your pet, and keep water available in small amounts.',
          'Keep a sample or a photo of the vomit, and note what your pet last ate.',
        ],
        vetAdvice: [
          'See a veterinarian today: dark brown vomit can be digested blood, and only an examination can tell it from food.',
        ],
      },
      food: {
        label: 'food or kibble, possibly undigested',
        meaning: 'Food-coloured matter soon after a meal suggests regurgitation or eating too fast.',
        homeCare: [
          'Use a slow-feeder bowl or split meals into smaller portions.',
          'Note how long after eating it happens and whether your pet coughs or gags.',
        ],
        vetAdvice: [],
      },
      foam: {
        label: 'white foam or mucus',
        meaning: 'White foam is mostly saliva and mucus from an empty or irritated stomach.',
        homeCare: [
          'Withhold food for a few hours, then offer small bland meals.',
          'Keep water available in small amounts.',
        ],
        vetAdvice: [],
      },
      unclassified: {
        label: 'unclear',
        meaning: 'The colours do not match a pattern pawlens can interpret, so no vomit type was assigned.',
        homeCare: [
          'Retake the photo in daylight with the vomit on a plain surface.',
          'Note how often your pet vomits and what it ate last.',
        ],
        vetAdvice: [
          'If your pet vomits repeatedly, retches without bringing anything up, or seems weak, contact your veterinarian now.',
        ],
      },
    },
    urine: {
      brown_black: {
        label: 'brown to black',
        meaning:
          'Brown or very dark urine can contain broken-down blood (haemoglobin or myoglobin) or bilirubin, which need prompt tests.',
        homeCare: [
          'Collect a fresh sample in a clean container for the veterinarian.',
          'Note how often your pet urinates and whether it strains.',
        ],
        vetAdvice: [`${SEE_VET_TODAY}: brown or black urine needs urine and blood tests.`],
      },
      blood: {
        label: 'red or pink',
        meaning: 'Red or pink urine usually means blood, often from bladder inflammation, stones or infection.',
        homeCare: [
          'Collect a fresh sample in a clean container.',
          'Watch for straining, frequent small amounts or crying while urinating.',
        ],
        vetAdvice: [
          `${SEE_VET_TODAY}; a pet, especially a male cat, that strains and produces little or no urine is an emergency.`,
        ],
      },
      cloudy: {
        label: 'yellow, looks cloudy',
        meaning: 'Cloudiness can come from cells, crystals or infection.',
        homeCare: [
          'Encourage drinking with fresh water or wet food.',
          'Note how often your pet urinates and whether it strains.',
        ],
        vetAdvice: ['Arrange a urine test with your veterinarian in the next few days.'],
      },
      concentrated: {
        label: 'dark amber',
        meaning: 'Dark amber urine is usually concentrated, for example after drinking little or in hot weather.',
        homeCare: [
          'Make sure fresh water is always available, and add wet food if your pet eats it.',
          'Check the colour again after your pet has drunk well.',
        ],
        vetAdvice: [],
      },
      normal_yellow: {
        label: 'pale to medium yellow',
        meaning: 'Pale to medium yellow is the expected colour of urine.',
        homeCare: [
          'Keep fresh water available at all times.',
          'Keep an eye on how often and how much your pet urinates as part of routine care.',
        ],
        vetAdvice: [],
      },
      very_dilute: {
        label: 'almost colourless',
        meaning:
          'Almost colourless urine is very dilute, which is normal after drinking a lot but can also come with kidney or hormone conditions when it persists.',
        homeCare: [
          'Note roughly how much your pet drinks each day.',
          'Watch whether it urinates more often or has accidents.',
        ],
        vetAdvice: [],
      },
      unclassified: {
        label: 'unclear',
        meaning: 'The colours do not match a pattern pawlens can interpret, so no severity was assigned.',
        homeCare: [
          'Retake the photo with the urine on a white pad or in a clear container, in daylight.',
          'Note how often your pet urinates and whether it strains.',
        ],
        vetAdvice: ['If your pet strains, urinates very often or seems unwell, contact your veterinarian.'],
      },
    },
    skin: {
      bleeding: {
        label: 'possible bleeding or open wound',
        meaning: 'Dark red areas suggest blood or an open wound.',
        homeCare: [
          'Clean gently with saline and keep the area from being licked, for example with a cone.',
          'Press a clean cloth on the area if it is still bleeding.',
        ],
        vetAdvice: ['Have a veterinarian look at the wound within a day, and at once if it keeps bleeding or is deep.'],
      },
      marked_redness: {
        label: 'marked redness',
        meaning: 'Strong redness points to inflamed skin, for example from allergy, infection or hot spots.',
        homeCare: [
          'Stop your pet from licking or scratching the area.',
          'Keep the area clean and dry, and avoid human creams.',
        ],
        vetAdvice: ['Book a veterinary visit within a few days, sooner if the area spreads, oozes or hurts.'],
      },
      crust_discharge: {
        label: 'yellow crusts or discharge',
        meaning: 'Yellow crusts or discharge can mean a skin infection.',
        homeCare: [
          'Keep the area clean and dry and prevent licking.',
          'Do not pick off crusts; note whether new ones appear.',
        ],
        vetAdvice: ['Book a veterinary visit within a few days: crusts and discharge often need treatment.'],
      },
      redness: {
        label: 'mild redness',
        meaning: 'Some redness is visible, which can come from irritation, scratching or a mild allergy.',
        homeCare: [
          'Prevent licking and scratching, and check the area daily.',
          'Take a photo in the same light every day to compare.',
        ],
        vetAdvice: [],
      },
      no_visible_change: {
        label: 'no visible redness or discharge',
        meaning: 'The colours show no redness, blood or discharge.',
        homeCare: [
          'Keep up regular grooming and parasite prevention.',
          'Check the skin regularly for new lumps, redness or hair loss.',
        ],
        vetAdvice: [],
      },
      unclassified: {
        label: 'unclear from the photo',
        meaning: 'The colours do not match a pattern pawlens can interpret, so no severity was assigned.',
        homeCare: [
          'Retake a close, well-lit photo with the fur parted.',
          'Watch for scratching, licking or spreading changes.',
        ],
        vetAdvice: ['If the skin worries you or your pet keeps scratching, ask your veterinarian.'],
      },
    },
    ear: {
      discharge: {
        label: 'yellow or green discharge',
        meaning: 'Yellow or green discharge suggests a bacterial ear infection.',
        homeCare: [
          'Do not put cotton buds into the canal.',
          'Wipe only the visible outer ear with a clean, damp cloth.',
        ],
        vetAdvice: ['See a veterinarian within a day or two: discharge usually needs prescription ear drops.'],
      },
      mites_debris: {
        label: 'dark crumbly debris (possible mites)',
        meaning: 'Dark, crumbly debris like coffee grounds is typical of ear mites.',
        homeCare: [
          'Check other pets in the home, since mites spread easily.',
          'Do not clean deep into the canal before the visit.',
        ],
        vetAdvice: ['Book a veterinary visit within a few days so the debris can be checked under a microscope.'],
      },
      inflamed: {
        label: 'red, inflamed canal',
        meaning: 'A red canal points to inflammation, from allergy, infection or a foreign body such as a grass seed.',
        homeCare: ['Stop your pet from scratching the ear.', 'Keep water out of the ear.'],
        vetAdvice: [
          'Book a veterinary visit within a few days, sooner if your pet shakes its head, tilts it or cries.',
        ],
      },
      yeast_wax: {
        label: 'dark brown waxy debris (possible yeast)',
        meaning: 'Dark brown, waxy debris is typical of a yeast overgrowth.',
        homeCare: ['Keep the ears dry after bathing or swimming.', 'Do not push cotton buds into the canal.'],
        vetAdvice: ['Book a veterinary visit within a few days: yeast needs the right ear drops.'],
      },
      mild_redness: {
        label: 'mild redness',
        meaning: 'A little redness is visible, which can be early irritation.',
        homeCare: [
          'Check the ear daily and compare with the other ear.',
          'Keep the ear dry and do not clean deep into the canal.',
        ],
        vetAdvice: [],
      },
      clean: {
        label: 'no redness, debris or discharge seen',
        meaning: 'A pale pink canal with little light wax is what a healthy ear looks like.',
        homeCare: [
          'Check the ears weekly for smell, redness or debris.',
          'Clean only the visible outer ear, and only when it is dirty.',
        ],
        vetAdvice: [],
      },
      unclassified: {
        label: 'unclear from the photo',
        meaning: 'The colours do not match a pattern pawlens can interpret, so no severity was assigned.',
        homeCare: [
          'Retake a close, well-lit photo of the ear opening.',
          'Watch for head shaking, scratching or a bad smell.',
        ],
        vetAdvice: ['If your pet shakes its head or scratches the ear a lot, ask your veterinarian.'],
      },
    },
  },
  stoolConsistency: 'not assessed (colour analysis only)',
  urineClarity: { cloudy: 'cloudy', clear: 'no cloudiness seen (hard to judge in a photo)' },
  quality: {
    too_dark: {
      label: 'photo too dark to assess',
      summary: (subject) =>
        `The photo of the ${subject} is too dark to judge colours reliably, so no assessment was made.`,
      retakeTip: 'Retake it in daylight or bright, white indoor light, without a coloured lamp.',
    },
    overexposed: {
      label: 'photo too bright to assess',
      summary: (subject) =>
        `The photo of the ${subject} is so bright that colours are washed out, so no assessment was made.`,
      retakeTip: 'Retake it out of direct sunlight and without flash glare.',
    },
    blurred: {
      label: 'photo too blurred to assess',
      summary: (subject) => `The photo of the ${subject} is too blurred to show detail, so no assessment was made.`,
      retakeTip: 'Hold the phone steady 20 to 30 cm away, tap the screen to focus and retake it.',
    },
    no_subject: {
      label: 'no clear subject in the photo',
      summary: (subject) => `No ${subject} stands out clearly from the background, so no assessment was made.`,
      retakeTip:
        'Retake it with the subject in the centre, filling about a third of the frame, on a plain surface of a different colour.',
    },
  },
  subjectNames: {
    stool: 'stool',
    vomit: 'vomit',
    urine: 'urine',
    skin: 'skin',
    ear: 'ear',
    emotion: 'pet',
    breed: 'pet',
  },
  wrongSubject: {
    label: 'not a photo of the right kind',
    sentence: (shows, subject) => {
      const seen = (what: string) =>
        `This looks like a photo of ${what}, not of the ${subject}, so no assessment was made.`;
      switch (shows.kind) {
        case 'animal':
          return seen(
            shows.count > 1
              ? `${shows.count} animals`
              : shows.name
                ? `${article(shows.name.en)} ${shows.name.en}`
                : 'an animal',
          );
        case 'person':
          return seen(shows.count > 1 ? 'people' : 'a person');
        case 'object':
          return seen(shows.name ? `${article(shows.name.en)} ${shows.name.en}` : `"${shows.label}"`);
        case 'no_animal':
          return 'No animal can be seen in the photo, so no assessment was made.';
        case 'landscape':
          return `This looks like a photo taken at a distance, mostly ${shows.what}, not a close-up of the ${subject}, so no assessment was made.`;
        default: {
          const unknown: never = shows;
          throw new Error(`no sentence for ${JSON.stringify(unknown)}`);
        }
      }
    },
    retakeTip: {
      stool:
        'Photograph the stool itself, close and from above, on a plain surface, with no pet or person in the frame.',
      vomit:
        'Photograph the vomit itself, close and from above, on a plain surface, with no pet or person in the frame.',
      urine: 'Photograph the urine itself, on a white pad or in a clear container, with no pet or person in the frame.',
      skin: 'Take a close-up that fills the frame with the skin, with the fur parted, in good light.',
      ear: 'Take a close-up that fills the frame with the ear opening, in good light.',
      emotion: "Send a photo in which your pet's face and body are clearly visible.",
      breed: 'Send a photo in which your pet is clearly visible, the whole animal if you can.',
    },
  },
  unverifiedSentence:
    'No object detector is installed on this server, so it did not check that the photo shows what was asked for.',
  qualityHomeCare: [
    'Retake the photo in good, even light with the subject in focus.',
    "Until then, watch your pet's appetite, energy and toilet habits for changes.",
  ],
  qualityVetAdvice: ['If your pet seems unwell, contact your veterinarian without waiting for a photo analysis.'],
  emotion: {
    label: 'not assessed',
    summary:
      "Emotion shows in posture, ears, eyes and tail, which the on-device models do not read, so no emotional state was inferred. Judge your pet's mood from its behaviour, and ask a veterinarian or behaviourist if it seems anxious, in pain or unusually quiet.",
  },
  breed: {
    unknown: 'unknown',
    noAnimalSpecies: 'no animal detected',
    noAnimalBreed: 'none',
    mixedBreed: 'mixed or unidentified breed',
    noModel: () =>
      'No breed classifier is installed on this pawlens server, so species and breed were not identified. An administrator can install one with "pawlens models install recommended".',
    noAnimal: (topLabel) => `The photo does not appear to show a pet; the classifier's best match was "${topLabel}".`,
    noAnimalAdvice: 'No breed is given for a photo without a pet; send one in which your pet is clearly visible.',
    identified: ({ species, breed, percent, statedAnimal }) =>
      statedAnimal
        ? `The request said "${statedAnimal}", but the classifier sees a ${species}, most likely ${article(breed)} ${breed} (${percent}% probability).`
        : `The classifier sees a ${species}, most likely ${article(breed)} ${breed} (${percent}% probability).`,
    speciesOnly: ({ species, percent, statedAnimal }) =>
      statedAnimal
        ? `The request said "${statedAnimal}", but the classifier sees a ${species} (${percent}% probability) with no single breed standing out.`
        : `The classifier sees a ${species} (${percent}% probability), but no single breed stands out.`,
    traits: ({ animals, percent, coat }) => {
      const look = `fills about ${percent}% of the frame${coat ? ` and has a mainly ${coat} coat` : ''}`;
      return animals > 1
        ? `The photo shows ${animals} animals; the largest, which ${look}, was judged.`
        : `The animal ${look}.`;
    },
    alternatives: (breeds) => `Also possible: ${EN_JOIN(breeds.map(({ name, percent }) => `${name} (${percent}%)`))}.`,
    limitation:
      'A breed from one photo is an estimate: mixed breeds and young animals are often misjudged, and only a DNA test confirms ancestry.',
  },
  prompt: {
    languageName: 'English',
    system: (languageName) =>
      `You are pawlens, a veterinary triage assistant writing for pet owners. You see one photo and the measurements on-device models took from it. Write every text field in ${languageName}. Answer with one JSON object that matches the schema and nothing else. Describe only what is visible, never diagnose, and never contradict the measurements.`,
    task: {
      stool:
        "Assess the pet's stool in the photo: colour, consistency (fecal score 1 hard pellets, 2 ideal, up to 7 watery), mucus, blood, worms or foreign matter.",
      vomit:
        'Describe the vomit in the photo: its most likely type (bile, food, foam, fresh blood, coffee grounds, foreign material) and colour.',
      urine: 'Describe the urine in the photo: its colour and clarity.',
      skin: 'Describe the visible skin condition: redness, wounds, crusts, scaling, hair loss, parasites, lumps.',
      ear: 'Describe the visible ear canal: redness, wax or debris (colour and texture), discharge, swelling.',
      emotion:
        "Judge the pet's most likely current emotional state from posture, ears, eyes, mouth and tail, with a confidence from 0 to 1.",
      breed: "Identify the animal's species and its most likely breed or breed group, with a confidence from 0 to 1.",
    },
    measuredHeading: 'Measurements from the on-device models:',
    fieldsHeading: 'Fields to fill:',
    rulesHeading: 'Rules:',
    fieldHelp: {
      severity: 'normal, mild, moderate or severe; inconclusive when the photo cannot be judged',
      consistency: "the stool's consistency or texture, in a few words",
      vomit_type: 'the most likely vomit type, in a few words',
      clarity: 'clear, slightly cloudy or cloudy',
      condition: 'a short owner-facing label for what is visible',
      emotion: 'the most likely emotional state, in one or two words',
      confidence: 'a number from 0 to 1',
      species: 'the animal species',
      breed: 'the single most likely breed or breed group',
      summary: '2 to 4 sentences: what is visible, what it may mean, and one limitation of judging from a photo',
      home_care: 'at least 2 specific steps the owner can take',
      vet_advice: 'specific veterinary advice, urgent when it must be; an empty list when no visit is needed',
    },
    rules: [
      'Keep the summary to 2 to 4 sentences.',
      'Give at least 2 home_care items, specific to what you see.',
      'If the photo does not show the subject clearly, use severity "inconclusive" and say how to retake it.',
    ],
    coloursLine: (where, colours) =>
      `Colours measured ${where === 'subject' ? 'on the subject' : 'over the whole photo'}: ${colours}.`,
    findingLine: (label, severity) => `Colour rule finding: ${label} (severity ${severity}).`,
    noFinding: 'No colour rule applied to these colours.',
    redFlagLine: (label, severity) =>
      `Red flag: ${label}. The severity must be "${severity}" or higher, and vet_advice must say how urgently to see a veterinarian.`,
    petLine: (species, speciesPercent, breed, breedPercent) =>
      `The breed classifier sees a ${species} (${speciesPercent}%)${breed ? `, most likely ${breed} (${breedPercent}%)` : ''}.`,
    noPetLine: (topLabel) => `The breed classifier sees no pet; its best match is "${topLabel}".`,
    noClassifier: 'No breed classifier is installed; judge from the photo alone.',
    emotionNote: 'No on-device model reads emotion; judge it from the photo alone.',
    ownerSays: (animalType) => `The owner says the animal is: ${animalType}.`,
    sceneLine: (objects) => `The object detector sees: ${objects}.`,
    sceneUnverified: 'No object detector is installed, so what the photo shows was not checked.',
    retryHeading: 'Your previous answer was not accepted for these reasons; answer again with corrected JSON:',
  },
};
