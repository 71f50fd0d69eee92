import type { RuleTable } from './rule-table.js';

/**
 * Vomit (DESIGN.md §5; BSAVA Manual ch. 19). Dark brown granular "coffee grounds" is digested
 * blood (urgent); red is fresh blood; yellow/green foam is bile, often an empty stomach; brown
 * food-coloured matter soon after eating suggests regurgitation; white foam is mucus and saliva.
 * Vomit has no "normal" severity (SPEC.md §2.4): every rule here is at least mild.
 */
export const VOMIT_RULES: RuleTable = {
  operation: 'vomit',
  scope: 'subject',
  needsSubject: true,
  rules: [
    {
      id: 'coffee_grounds',
      when: [
        { colours: ['black', 'dark_brown'], atLeast: 0.5 },
        { colours: ['black'], atLeast: 0.08 },
      ],
      severity: 'severe',
      redFlag: true,
      vet: 'urgent',
    },
    { id: 'heavy_blood', when: [{ colours: ['red', 'dark_red'], atLeast: 0.25 }], severity: 'severe', redFlag: true, vet: 'urgent' },
    { id: 'fresh_blood', when: [{ colours: ['red', 'dark_red'], atLeast: 0.05 }], severity: 'moderate', redFlag: true, vet: 'soon' },
    { id: 'bile', when: [{ colours: ['yellow', 'green', 'pale_yellow', 'amber'], atLeast: 0.35 }], severity: 'mild' },
    { id: 'food', when: [{ colours: ['brown', 'light_brown', 'dark_brown'], atLeast: 0.45 }], severity: 'mild' },
    { id: 'foam', when: [{ colours: ['white', 'grey'], atLeast: 0.5 }], severity: 'mild' },
  ],
};
