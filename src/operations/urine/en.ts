import { SEE_VET_TODAY } from '../health/en.js';
import type { UrineWords } from './urine-words.js';

export const EN: UrineWords = {
  name: 'Urine',
  subject: 'urine',
  retakeTip: 'Photograph the urine itself, on a white pad or in a clear container, with no pet or person in the frame.',
  observation: (colours) => `The urine in the photo is mainly ${colours}.`,
  limitation:
    'Colour in a photo depends on the light and the surface, and it does not measure concentration or infection; a urine test does.',
  findings: {
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
  clarity: { cloudy: 'cloudy', clear: 'no cloudiness seen (hard to judge in a photo)' },
  fieldNames: { color: 'Colour', clarity: 'Clarity' },
  llm: {
    task: 'Describe the urine in the photo: its colour and clarity.',
    fieldHelp: {
      clarity: 'clear, slightly cloudy or cloudy',
    },
  },
};
