import type { EmotionWords } from './emotion-words.js';

export const EN: EmotionWords = {
  name: 'Emotion',
  subject: 'pet',
  retakeTip: "Send a photo in which your pet's face and body are clearly visible.",
  label: 'not assessed',
  summary:
    "Emotion shows in posture, ears, eyes and tail, which the on-device models do not read, so no emotional state was inferred. Judge your pet's mood from its behaviour, and ask a veterinarian or behaviourist if it seems anxious, in pain or unusually quiet.",
  fieldNames: { emotion: 'Emotion', confidence: 'Confidence' },
  llm: {
    task: "Judge the pet's most likely current emotional state from posture, ears, eyes, mouth and tail, with a confidence from 0 to 100 (percent).",
    fieldHelp: {
      emotion: 'the most likely emotional state, in one or two words',
    },
    note: 'No on-device model reads emotion; judge it from the photo alone.',
  },
};
