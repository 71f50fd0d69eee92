import { describe, expect, it } from 'vitest';
import { chooseSecondSight, type Looked } from '../../../src/training/localizer/localizer-thresholds.js';

/** A view as the second localizer saw it: whether it shows the subject, whether a ground crop, its surest cell. */
const view = (index: number, subject: boolean, peak: number): Looked => ({
  view: index,
  subject,
  ground: !subject,
  peak,
  surest: { view: index, cell: 0 },
  tilePeak: -1,
  tileSurest: undefined,
});

describe('the threshold of a localizer asked where another found nothing', () => {
  // 10 photos with the subject, the first found 8 of them; 40 ground crops, the first took 2 for it.
  const looked = [
    ...Array.from({ length: 8 }, (_, i) => view(i, true, 0.5)),
    view(8, true, 0.97),
    view(9, true, 0.82),
    ...Array.from({ length: 40 }, (_, i) => view(10 + i, false, i < 2 ? 0.9 : i < 3 ? 0.96 : i < 5 ? 0.81 : 0.1)),
  ];
  const firstFound = (l: Looked) => l.view < 8 || l.view === 10 || l.view === 11;

  it('takes the lowest step that finds more with at most 2.5 points more false finds', () => {
    // At 0.80 both missed photos are found, but three more crops (7.5 points); at 0.85 and 0.90 one
    // photo more and one crop (2.5 points); the crops the first already took cost nothing.
    const { thresholds, curve } = chooseSecondSight(looked, firstFound);
    expect(thresholds).toEqual({ threshold: 0.85 });
    expect(curve.find((point) => point.threshold === 0.85)).toMatchObject({ recall: 0.9, falseFound: 0.075 });
  });

  it('refuses when no threshold finds more within that', () => {
    const costly = looked.map((l) => (l.subject ? l : { ...l, peak: l.view >= 12 && l.view < 14 ? 0.99 : l.peak }));
    expect(() => chooseSecondSight(costly, firstFound)).toThrow(/finds no more than the first/);
  });
});
