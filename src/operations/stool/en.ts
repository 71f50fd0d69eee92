import { SEE_VET_TODAY } from '../health/en.js';
import type { StoolWords } from './stool-words.js';

export const EN: StoolWords = {
  name: 'Stool',
  subject: 'stool',
  retakeTip:
    'Photograph the stool itself, close and from above, on a plain surface, with no pet or person in the frame.',
  observation: (colours) => `The stool in the photo is mainly ${colours}.`,
  limitation: 'A photo shows colour only, so consistency, mucus, worms and blood mixed inside are not assessed.',
  withheld: {
    label: 'expected colour (consistency not assessed)',
    sentence:
      'Consistency, mucus and worms cannot be judged from colour, so a brown stool is not a clean bill of health: no verdict was given and nothing was charged.',
  },
  notFoundCaveat:
    'pawlens’ stool model learnt from photos of dogs’ stool outdoors, on lawns and gravel: it may miss stool on an indoor floor, a pad or litter, diarrhoea, or a cat’s stool.',
  findings: {
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
  consistencyNotAssessed: 'not assessed (colour analysis only)',
  fieldNames: { health_score: 'Health score', color: 'Colour', consistency: 'Consistency' },
  llm: {
    task: "Assess the pet's stool in the photo: colour, consistency (fecal score 1 hard pellets, 2 ideal, up to 7 watery), mucus, blood, worms or foreign matter.",
    fieldHelp: {
      consistency: "the stool's consistency or texture, in a few words",
    },
  },
};
