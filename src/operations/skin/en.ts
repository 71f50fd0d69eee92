import type { HealthWords } from '../health/health-words.js';
import type { SkinRuleId } from './skin-rules.js';

export const EN: HealthWords<SkinRuleId> = {
  name: 'Skin',
  subject: 'skin',
  retakeTip: 'Take a close-up of the skin with the fur parted around it, in good light.',
  observation: (colours) => `The photo of the skin shows mainly ${colours} tones.`,
  limitation: 'Colour alone cannot identify parasites, allergies or the cause of a skin change.',
  withheld: {
    label: 'no colour change seen (not a full check)',
    sentence:
      'The installed models cannot see lesions, hair loss, scaling, parasites or lumps, so this is not a clean bill of health: no verdict was given and nothing was charged.',
  },
  findings: {
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
    redder_patches: {
      label: 'patches redder than the skin around them',
      meaning:
        'Some patches are clearly redder than the skin and fur around them, which can come from irritation, scratching, an allergy or an infection.',
      homeCare: [
        'Prevent licking and scratching, and check the area daily.',
        'Take a photo in the same light every day to compare.',
      ],
      vetAdvice: ['If the patches spread, ooze or itch for more than a few days, ask your veterinarian.'],
    },
    no_visible_change: {
      label: 'no patch of redness or discharge seen',
      meaning:
        'No patch of redness, blood or discharge stands out in the colours; faint or scattered redness may be missed.',
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
  fieldNames: { condition: 'Condition' },
  llm: {
    task: 'Describe the visible skin condition: redness, wounds, crusts, scaling, hair loss, parasites, lumps.',
    fieldHelp: {
      condition: 'a short owner-facing label for what is visible',
    },
  },
};
