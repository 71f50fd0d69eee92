import { describe, expect, it } from 'vitest';
import { countSentences, splitSentences } from '../../src/contract/sentences.js';

describe('sentence counting (docs/design.md §6)', () => {
  it.each([
    ['en', 'The stool is brown. It looks normal. A photo cannot show worms.', 3],
    ['en', 'See Dr. Smith soon. Grass, e.g. after walks, can tint it green.', 2],
    ['en', 'Line one.\nLine two.\n\nLine three.', 3],
    ['en', 'The dose was 1.5 mg. That is small.', 2],
    ['en', 'Looks fine! Is it? Yes.', 3],
    ['en', 'Trailing punctuation only. ... !!', 1],
    ['zh', '照片太暗。无法判断颜色！请在明亮处重拍。', 3],
    ['es', '¿Está bien? Sí, parece normal. Consulte a la Dra. Pérez si cambia.', 3],
  ] as const)('%s: %s → %i', (language, text, expected) => {
    expect(countSentences(text, language)).toBe(expected);
  });

  it('keeps the text of each sentence', () => {
    expect(splitSentences('One here. Two there.')).toEqual(['One here.', 'Two there.']);
  });
});
