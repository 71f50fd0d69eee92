import type { Locale } from './locale.js';

/** "an Egyptian Mau", "a Beagle": by the first letter, which fits breed names well enough. */
export const article = (noun: string) => (/^[aeiou]/i.test(noun) ? 'an' : 'a');

/** "horses", "guinea pigs", "hoofed animals", "sheep": the animals' names pawlens gives, in the plural. */
export const pluralEnglish = (noun: string) =>
  /(fish|sheep|deer)$/.test(noun) ? noun : /(s|x|z|ch|sh)$/.test(noun) ? `${noun}es` : `${noun}s`;

/** "a", "a and b", "a, b and c". */
export const joinEnglish = (items: readonly string[]) =>
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
  joinList: (items) => joinEnglish(items),
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
    no_colour: {
      label: 'photo without colour',
      summary: (subject) =>
        `The photo of the ${subject} has no usable colour (black and white, sepia, a filter or a night camera), and colour is what this analysis reads, so no assessment was made.`,
      retakeTip: 'Retake it in colour, in daylight or bright white light, with no filter and the night mode off.',
    },
    no_subject: {
      label: 'no clear subject in the photo',
      summary: (subject) => `No ${subject} stands out clearly from the background, so no assessment was made.`,
      retakeTip:
        'Retake it with the subject in the centre, filling about a third of the frame, on a plain surface of a different colour.',
    },
    not_found: {
      label: 'nothing of the kind found in the photo',
      summary: (subject) => `No ${subject} was found in the photo, so no assessment was made.`,
      retakeTip: 'Retake it from closer, from above, with the whole of it in the frame, in focus and in good light.',
    },
    in_shadow: {
      label: 'in deep shadow',
      summary: (subject) =>
        `Most of the ${subject} lies in deep shadow in the photo, crushed to black, so black cannot be told from dark brown and no assessment was made.`,
      retakeTip:
        'Retake it in even daylight, with no shadow over it (yours included), and with no high-contrast filter.',
    },
    red_light: {
      label: 'red light or surface',
      summary: (subject) =>
        `The ground around the ${subject} is about as red as the ${subject} itself: a warm light, a filter or a red surface tints the photo, so red in the ${subject} cannot be told from blood and no assessment was made.`,
      retakeTip: 'Retake it in daylight or white light, with no filter, on a surface that is not red.',
    },
    faint_find: {
      label: 'found too faintly to judge its colour',
      summary: (subject) =>
        `What may be the ${subject} was found only on a second, closer look, small or unclear in the photo, and its colour would mean a finding that so faint a find cannot carry (a leaf, a hole or a shadow on the ground can look the same), so no assessment was made.`,
      retakeTip: 'Retake it from closer and from above, with it filling about a third of the frame, in even light.',
    },
    too_small: {
      label: 'animal too small in the photo',
      summary: (minPercent) =>
        `Nothing in the photo is large enough to judge: what may be an animal fills under ${minPercent}% of the frame, so no assessment was made.`,
      retakeTip: 'Retake it closer, with your pet filling at least a third of the frame.',
    },
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
              ? `${shows.count} ${shows.name ? pluralEnglish(shows.name.en) : 'animals'}`
              : shows.name
                ? `${article(shows.name.en)} ${shows.name.en}`
                : 'an animal',
          );
        case 'pet':
          return `This looks like a photo of ${article(shows.name.en)} ${shows.name.en}, not a close-up of its ${subject}, so no assessment was made.`;
        case 'person':
          return seen(shows.count > 1 ? 'people' : 'a person');
        case 'object':
          return seen(shows.name ? `${article(shows.name.en)} ${shows.name.en}` : `"${shows.label}"`);
        case 'no_animal':
          return 'No animal can be seen in the photo, so no assessment was made.';
        case 'no_animal_part':
          return `Nothing in this photo looks like part of an animal (fur or skin), so it was not taken for a close-up of the ${subject} and no assessment was made.`;
        case 'graphic':
          return `This looks like a drawing, logo, screenshot or other graphic, not a photo of the ${subject}, so no assessment was made.`;
        case 'cut_out':
          return `This looks like a picture of something cut out and set on plain white (clip art, a sticker or a stock photo), not a photo of the ${subject} where it was found, so no assessment was made.`;
        case 'part_of_animal':
          return `This looks like a close-up of part of an animal (its face, fur or skin), not a photo of the whole ${subject}, so no assessment was made.`;
        case 'round_view':
          return `This looks like a view through a microscope or an eye camera, not a photo of the ${subject}, so no assessment was made.`;
        case 'described':
          return shows.description
            ? `The language model that read the photo says it shows ${shows.description}, not the ${subject}, so no assessment was made.`
            : `The language model that read the photo says it does not show the ${subject}, so no assessment was made.`;
        case 'landscape':
          if (shows.what === 'greenery')
            return `This looks like a photo taken outdoors, among plants or on a lawn, not a close-up of the ${subject}, so no assessment was made.`;
          return `This looks like a photo taken at a distance, mostly ${shows.what === 'ground' ? 'the ground outdoors' : shows.what}, not a close-up of the ${subject}, so no assessment was made.`;
        case 'food':
          return seen('food or a drink');
        case 'stool':
          return seen('stool on the ground');
        default: {
          const unknown: never = shows;
          throw new Error(`no sentence for ${JSON.stringify(unknown)}`);
        }
      }
    },
  },
  unverifiedSentence:
    'No object detector is installed on this server, so it did not check that the photo shows what was asked for.',
  locatedSentence: (count, subject) =>
    `pawlens found ${count} pieces of ${subject} in the photo; the colours are those of the largest.`,
  unlocatedSentence: (subject) =>
    `No model that locates the ${subject} is installed on this server, so its colours were read from whatever stands out from the background.`,
  unverifiedUnlocatedSentence: (subject) =>
    `No scene models are installed on this server, so it neither checked that the photo shows what was asked for nor located the ${subject} in it.`,
  prompt: {
    languageName: 'English',
    system: (languageName) =>
      `You are pawlens, a veterinary triage assistant writing for pet owners. You see one photo and the measurements on-device models took from it. Write every text field in ${languageName}. Answer with one JSON object that matches the schema and nothing else. Describe only what is visible and never diagnose. The measurements come from simple models: treat them as hints and describe what the photo shows, except where a line says it must be kept (a red flag, a trained model's label).`,
    measuredHeading: 'Measurements from the on-device models (hints, except where a line says it must be kept):',
    fieldsHeading: 'Fields to fill:',
    rulesHeading: 'Rules:',
    fieldHelp: {
      summary: '2 to 4 sentences: what is visible, what it may mean, and one limitation of judging from a photo',
      home_care: 'at least 2 specific steps the owner can take',
      vet_advice: 'specific veterinary advice, urgent when it must be; an empty list when no visit is needed',
      confidence: 'a whole number from 0 to 100: how sure you are, in percent',
      photo_shows: 'what the photo really shows, in a few words (for example "a brick wall", "a dog lying on grass")',
      shows_subject:
        'true if the photo shows what the task is about, close enough to judge; false if it shows something else (a drawing, an object, a part of the animal other than the one asked about)',
    },
    severityHelp: (values) => `one of ${values}; inconclusive when the photo cannot be judged`,
    rules: {
      summary: 'Keep the summary to 2 to 4 sentences.',
      home_care: 'Give at least 2 home_care items, specific to what you see.',
      severity: 'If the photo does not show the subject clearly, use severity "inconclusive" and say how to retake it.',
    },
    ownerSays: (animalType) => `The owner says the animal is: ${animalType}.`,
    sceneLine: (objects) => `The object detector sees: ${objects}.`,
    sceneObject: (name, sure, frame) => `${name} (${sure}% sure, ${frame}% of the frame)`,
    sceneUnverified: 'No object detector is installed, so what the photo shows was not checked.',
    retryHeading: 'Your previous answer was not accepted for these reasons; answer again with corrected JSON:',
    issues: {
      format_ignored: () =>
        'The answer was prose: answer with the one JSON object the schema describes, and nothing else.',
      not_json: () => 'The answer was not one complete JSON object.',
      truncated: () => 'The answer was cut off: keep every field shorter.',
      wrong_language: (issue) => `${issue.field} is not written in English.`,
      too_long: (issue) => `${issue.field} is too long: at most ${issue.limit} characters.`,
      too_many: (issue) => `${issue.field} has too many items: at most ${issue.limit}.`,
      too_few: (issue) => `${issue.field} needs at least ${issue.limit} items.`,
      too_big: (issue) => `${issue.field} must be at most ${issue.limit}.`,
      too_small: (issue) => `${issue.field} must be at least ${issue.limit}.`,
      not_allowed: (issue) => `${issue.field} must be one of: ${issue.allowed.join(', ')}.`,
      missing: (issue) => `${issue.field} is missing or empty.`,
      wrong_type: (issue) => `${issue.field} has the wrong type.`,
      sentences: (issue) => `${issue.field} must have 2 to 4 sentences.`,
      unknown_field: (issue) => `${issue.field} is not a field of the schema: leave it out.`,
      invalid: (issue) => `${issue.field} is not valid.`,
    },
  },
};
