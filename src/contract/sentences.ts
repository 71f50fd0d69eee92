/**
 * Sentence counting as docs/design.md §6 fixes it: Intl.Segmenter's sentence boundaries, after
 * collapsing newlines, without segments that hold no letters, and with abbreviations re-joined
 * (ICU would otherwise split "Dr. Smith" or "e.g. grass" in two).
 */
const ABBREVIATION_AT_END =
  /(?:^|[\s(])(?:dr|mr|mrs|ms|sr|sra|srta|dra|st|vs|etc|approx|e\.g|i\.e|p\.ej|aprox|núm|no|fig)\.\s*$/iu;
const HAS_LETTER = /\p{L}/u;

const segmenters = new Map<string, Intl.Segmenter>();

function segmenterFor(language: string): Intl.Segmenter {
  let segmenter = segmenters.get(language);
  if (!segmenter) {
    segmenter = new Intl.Segmenter(language, { granularity: 'sentence' });
    segmenters.set(language, segmenter);
  }
  return segmenter;
}

export function splitSentences(text: string, language = 'en'): string[] {
  const collapsed = text.replace(/\s*\n+\s*/g, ' ').trim();
  const sentences: string[] = [];
  for (const { segment } of segmenterFor(language).segment(collapsed)) {
    const previous = sentences.at(-1);
    if (previous !== undefined && ABBREVIATION_AT_END.test(previous)) {
      sentences[sentences.length - 1] = previous + segment;
    } else {
      sentences.push(segment);
    }
  }
  return sentences.map((s) => s.trim()).filter((s) => HAS_LETTER.test(s));
}

export function countSentences(text: string, language = 'en'): number {
  return splitSentences(text, language).length;
}
