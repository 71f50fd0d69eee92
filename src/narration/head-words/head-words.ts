/**
 * How well a head did on a labelled folder held out from its training (`pawlens heads evaluate`,
 * with enough photos of every label), in whole percent; undefined when it was never so measured:
 * a cross-validated figure is not quoted to owners (issue 40: 67% cross-validated, 45% held out).
 */
export type HeadTrackRecord = { readonly percent: number; readonly n: number } | undefined;

type JudgedSeverity = 'normal' | 'mild' | 'moderate' | 'severe';

/**
 * What any operation says of a head the clinic trained on its own photos (docs/design.md §13), in one
 * language. Each function returns exactly one sentence, as the summaries are assembled from them.
 */
export interface HeadWords {
  /** The head names a label: its name, its probability, and its track record. */
  reading(name: string, percent: number, record: HeadTrackRecord): string;
  /** The photo is one the head learnt from, or a copy of one (HeadReading.recalled): the label the clinic gave it. */
  recalled(name: string): string;
  /**
   * The head is unsure and nothing else gave a verdict: no label named, nothing charged; its two
   * likeliest labels named as possibilities. `thresholdPercent` undefined: the head is never sure.
   */
  unsure(percent: number, thresholdPercent: number | undefined, likeliest: readonly [string, string]): string;
  /** The photo is unlike every photo the head learnt from (HeadReading.unlike): it names nothing, not even possibilities. */
  readonly unlike: string;
  /** The head is unsure, but the colour rules still gave a verdict. */
  readonly unsureBeside: string;
  /** What a head cannot do: it knows only the labels it was taught. */
  limit(labels: number): string;
  /** The label field of an answer whose head was unsure. */
  readonly unsureLabel: string;
  /** Advice for a label whose head.json gives none, by the label's severity (home care: at least 2 items). */
  readonly advice: Readonly<
    Record<JudgedSeverity, { readonly homeCare: readonly string[]; readonly vetAdvice: readonly string[] }>
  >;
  /** How the head's reading is told to a language model, which must keep it. */
  promptLine(name: string, percent: number, field: string): string;
  promptUnsure(field: string): string;
}
