import type { HeadWords } from './head-words.js';

export const EN: HeadWords = {
  reading: (name, percent, record) =>
    record
      ? `A model trained on this clinic's own photos reads this as ${name} (${percent}% probability); it was right on ${record.percent}% of ${record.n} photos held out from its training.`
      : `A model trained on this clinic's own photos reads this as ${name} (${percent}% probability); it has not been measured on photos held out from its training.`,
  recalled: (name) =>
    `This photo is one that a model trained on this clinic's own photos learnt from, or a copy of one (re-saved, resized, recoloured or turned), and the clinic labelled it ${name}.`,
  unsure: (percent, threshold, [first, second]) =>
    threshold === undefined
      ? `A model trained on this clinic's own photos is never sure enough to name anything (its training photos could not make it so); ${first} or ${second} are the likeliest possibilities (at most ${percent}%), so no verdict was given and nothing was charged.`
      : `A model trained on this clinic's own photos is not sure enough to name anything (at most ${percent}%, below the ${threshold}% it needs); ${first} or ${second} are the likeliest possibilities, so no verdict was given and nothing was charged.`,
  unlike:
    "A model trained on this clinic's own photos did not judge it: this photo is unlike every photo it learnt from (another kind of photo, or a condition or view it never saw), so no verdict was given and nothing was charged.",
  unsureBeside: "A model trained on this clinic's own photos was not sure enough to name anything.",
  limit: (labels) =>
    `It can only tell apart the ${labels} labels it was trained on, so ask your veterinarian to confirm it.`,
  unsureLabel: 'not named: the trained model is unsure',
  advice: {
    normal: {
      homeCare: [
        "Keep up your pet's usual care and routine checks.",
        'Take a new photo in the same light if anything changes.',
      ],
      vetAdvice: [],
    },
    mild: {
      homeCare: [
        'Watch for changes over the next few days, and take a photo each day in the same light to compare.',
        'Note any change in appetite, energy or behaviour.',
      ],
      vetAdvice: ['Ask your veterinarian if it does not improve within a few days or your pet seems unwell.'],
    },
    moderate: {
      homeCare: [
        'Keep your pet comfortable and stop it licking or scratching the area.',
        'Note when it started and any other signs, for the veterinarian.',
      ],
      vetAdvice: ['Book a veterinary visit within a few days.'],
    },
    severe: {
      homeCare: [
        'Keep your pet calm and comfortable until it is seen.',
        'Bring this photo and a note of when it started to the veterinarian.',
      ],
      vetAdvice: ['See a veterinarian today.'],
    },
  },
  promptLine: (name, percent, field) =>
    `A model trained on this clinic's own photos reads this as "${name}" (${percent}%): ${field} must say "${name}", and the text must agree with it.`,
  promptUnsure: (field) =>
    `A model trained on this clinic's own photos was unsure: do not state a ${field} with more certainty than the photo supports.`,
};
