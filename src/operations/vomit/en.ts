import { SEE_VET_TODAY } from '../health/en.js';
import type { HealthWords } from '../health/health-words.js';
import type { VomitRuleId } from './vomit-rules.js';

export const EN: HealthWords<VomitRuleId> = {
  name: 'Vomit',
  subject: 'vomit',
  retakeTip:
    'Photograph the vomit itself, close and from above, on a plain surface, with no pet or person in the frame.',
  observation: (colours) => `The vomit in the photo is mainly ${colours}.`,
  limitation:
    'A photo cannot show how often your pet vomits or whether it retches without bringing anything up, which matters as much as the colour.',
  findings: {
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
  fieldNames: { vomit_type: 'Vomit type', color: 'Colour' },
  llm: {
    task: 'Describe the vomit in the photo: its most likely type (bile, food, foam, fresh blood, coffee grounds, foreign material) and colour.',
    fieldHelp: {
      vomit_type: 'the most likely vomit type, in a few words',
    },
  },
};
