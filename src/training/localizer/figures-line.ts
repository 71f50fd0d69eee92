import { percentText } from '../../narration/percent.js';
import type { LocalizerFigures } from '../../vision/runtime/model-manifest.js';

/** A localizer's figures as one line of a report, naming what it finds (`subject`). */
export const figuresLine = (figures: LocalizerFigures, subject: string) =>
  `On ${figures.on}: found ${subject} in ${percentText(figures.recall)} of photos with it (precision ${percentText(figures.precision)}), took ${percentText(figures.falseFound)} of photos and ground crops without it for it; its surest cell on a box in ${percentText(figures.pointing)}; cell AUC ${figures.cellAuc.toFixed(3)}.`;
