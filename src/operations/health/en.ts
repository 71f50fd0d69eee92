import type { SharedHealthWords } from './health-words.js';

/** How urgent advice starts: a red flag's vet advice says it (the words test checks each one does). */
export const SEE_VET_TODAY = 'See a veterinarian today';

export const EN: SharedHealthWords = {
  qualityHomeCare: [
    'Retake the photo in good, even light with the subject in focus.',
    "Until then, watch your pet's appetite, energy and toilet habits for changes.",
    'If your pet seems unwell, call your veterinarian without waiting for a photo analysis.',
  ],
  prompt: {
    coloursLine: (where, colours) =>
      `Colours measured ${where === 'subject' ? 'on the subject' : 'over the whole photo'}: ${colours}.`,
    findingLine: (label, severity) => `Colour rule finding: ${label} (severity ${severity}).`,
    noFinding: 'No colour rule applied to these colours.',
    redFlagLine: (label, severity) =>
      `Red flag: ${label}. The severity must be "${severity}" or higher, and vet_advice must say how urgently to see a veterinarian.`,
  },
};
