import type { HealthWords } from '../health/health-words.js';
import type { EarRuleId } from './ear-rules.js';

export const EN: HealthWords<EarRuleId> = {
  name: 'Ear canal',
  subject: 'ear',
  retakeTip: 'Take a close-up of the ear opening with the ear flap around it, folded back, in good light.',
  observation: (colours) => `The photo of the ear canal shows mainly ${colours} tones.`,
  limitation: 'A photo of the outer canal cannot show the eardrum or the deeper canal, where many ear problems start.',
  findings: {
    discharge: {
      label: 'yellow or green discharge',
      meaning: 'Yellow or green discharge suggests a bacterial ear infection.',
      homeCare: ['Do not put cotton buds into the canal.', 'Wipe only the visible outer ear with a clean, damp cloth.'],
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
      vetAdvice: ['Book a veterinary visit within a few days, sooner if your pet shakes its head, tilts it or cries.'],
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
      meaning:
        'The colours match none of the patterns pawlens reads in an ear canal (clean pale pink, redness, dark debris, discharge), so no severity was assigned.',
      homeCare: [
        'Retake a close, well-lit photo of the ear opening.',
        'Watch for head shaking, scratching or a bad smell.',
      ],
      vetAdvice: ['If your pet shakes its head or scratches the ear a lot, ask your veterinarian.'],
    },
  },
  fieldNames: { condition: 'Condition' },
  llm: {
    task: 'Describe the visible ear canal: redness, wax or debris (colour and texture), discharge, swelling.',
    fieldHelp: {
      condition: 'a short owner-facing label for what is visible',
    },
  },
};
