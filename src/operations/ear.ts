import type { RuleTable } from '../analysis/findings.js';
import { conditionOperation } from './condition-operation.js';

/**
 * Ear canal (DESIGN.md §5). Pale pink with a little light-tan wax is normal; redness is
 * inflammation; dark brown waxy debris suggests yeast; dark crumbly "coffee grounds" possible
 * mites; yellow or green discharge bacteria. Measured over the frame: an ear photo is a close-up.
 */
const EAR_RULES: RuleTable = {
  scope: 'frame',
  rules: [
    {
      id: 'discharge',
      when: [{ colours: ['yellow', 'green', 'amber'], atLeast: 0.12 }],
      severity: 'moderate',
      vet: 'soon',
    },
    { id: 'mites_debris', when: [{ colours: ['black'], atLeast: 0.15 }], severity: 'moderate', vet: 'soon' },
    { id: 'inflamed', when: [{ colours: ['red', 'dark_red'], atLeast: 0.15 }], severity: 'moderate', vet: 'soon' },
    { id: 'yeast_wax', when: [{ colours: ['dark_brown', 'brown'], atLeast: 0.2 }], severity: 'mild', vet: 'soon' },
    { id: 'mild_redness', when: [{ colours: ['red', 'dark_red'], atLeast: 0.06 }], severity: 'mild' },
    {
      id: 'clean',
      when: [
        { colours: ['pink', 'light_brown', 'pale_yellow', 'white'], atLeast: 0.5 },
        { colours: ['red', 'dark_red'], atMost: 0.06 },
      ],
      severity: 'normal',
    },
  ],
};

export const ear = conditionOperation({
  key: 'ear',
  path: 'ear-analysis',
  title: 'Ear canal analysis',
  rules: EAR_RULES,
  condition: 'Short owner-facing label for the visible ear condition.',
});
