import type { LocalizerFigures } from '../../vision/runtime/model-manifest.js';

const percent = (share: number) => `${(share * 100).toFixed(1)}%`;

/** A localizer's figures as one line of a report, naming what it finds (`subject`). */
export const figuresLine = (figures: LocalizerFigures, subject: string) =>
  `On ${figures.on}: found ${subject} in ${percent(figures.recall)} of photos with it (precision ${percent(figures.precision)}), took ${percent(figures.falseFound)} of photos and ground crops without it for it; its surest cell on a box in ${percent(figures.pointing)}; cell AUC ${figures.cellAuc.toFixed(3)}.`;
