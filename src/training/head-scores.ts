import type { HeadScores } from './cross-validation.js';

/** A figure as reports print it: three decimals. */
export const rounded = (share: number) => Math.round(share * 1000) / 1000;

/** How a head did, as its reports print it: per label and the confusion matrix keyed by label names. */
export interface ScoresReport {
  readonly accuracy: number;
  readonly n: number;
  readonly per_label: Readonly<
    Record<string, { readonly precision: number; readonly recall: number; readonly n: number }>
  >;
  /** confusion[actual][predicted]: how many photos of `actual` the head called `predicted`. */
  readonly confusion: Readonly<Record<string, Readonly<Record<string, number>>>>;
}

export function scoresReport(scores: HeadScores, labels: readonly string[]): ScoresReport {
  return {
    accuracy: rounded(scores.accuracy),
    n: scores.n,
    per_label: Object.fromEntries(
      labels.map((label, i) => {
        const { precision, recall, n } = scores.perLabel[i]!;
        return [label, { precision: rounded(precision), recall: rounded(recall), n }];
      }),
    ),
    confusion: Object.fromEntries(
      labels.map((actual, i) => [
        actual,
        Object.fromEntries(labels.map((predicted, j) => [predicted, scores.confusion[i]![j]!])),
      ]),
    ),
  };
}

/** Of `n` photos: the share the head named rightly, named wrongly, and was unsure of, at its threshold. */
export function namingShares(answers: ReadonlyArray<{ readonly sure: boolean; readonly right: boolean }>): {
  readonly named_right: number;
  readonly named_wrong: number;
  readonly unsure: number;
} {
  const n = Math.max(1, answers.length);
  const count = (test: (answer: { sure: boolean; right: boolean }) => boolean) =>
    rounded(answers.filter(test).length / n);
  return {
    named_right: count((a) => a.sure && a.right),
    named_wrong: count((a) => a.sure && !a.right),
    unsure: count((a) => !a.sure),
  };
}

/** The confusion matrix as aligned text rows: actual labels down, what the head called them across. */
export function confusionLines(report: ScoresReport): string[] {
  const labels = Object.keys(report.confusion);
  const width = Math.max(...labels.map((label) => label.length));
  const cell = Math.max(...labels.map((label) => Math.min(label.length, 12))) + 2;
  return [
    `${''.padEnd(width)}${labels.map((label) => label.slice(0, 12).padStart(cell)).join('')}`,
    ...labels.map(
      (actual) =>
        `${actual.padEnd(width)}${labels.map((predicted) => String(report.confusion[actual]![predicted]).padStart(cell)).join('')}`,
    ),
  ];
}
