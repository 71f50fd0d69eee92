import type { RuleIdOf, RuleTable } from '../health/rule-table.js';

/**
 * Vomit (docs/design.md §5; BSAVA Manual ch. 19). Dark brown granular "coffee grounds" is digested
 * blood (urgent); red is fresh blood; yellow/green foam is bile, often an empty stomach; brown
 * food-coloured matter soon after eating suggests regurgitation, but dark brown matter may be
 * digested blood, so it is never called food; white foam is mucus and saliva.
 * Vomit has no "normal" severity (docs/contract.md §2.4): every rule here is at least mild.
 */
export const VOMIT_RULES = {
  scope: 'subject',
  // Vomit has no normal verdict, so nothing is withheld.
  sight: { sees: ['blood', 'bile', 'digested blood', 'food', 'foam'], blindTo: [] },
  rules: [
    {
      id: 'coffee_grounds',
      // Granular is what tells digested blood from smooth dark food (docs/design.md §5).
      when: [{ colours: ['black', 'dark_brown'], atLeast: 0.5 }, { texture: 'granular' }],
      severity: 'severe',
      redFlag: true,
      vet: 'urgent',
    },
    {
      id: 'heavy_blood',
      when: [{ colours: ['red', 'dark_red'], atLeast: 0.25 }],
      severity: 'severe',
      redFlag: true,
      vet: 'urgent',
    },
    {
      id: 'fresh_blood',
      when: [{ colours: ['red', 'dark_red'], atLeast: 0.05 }],
      severity: 'moderate',
      redFlag: true,
      vet: 'soon',
    },
    { id: 'bile', when: [{ colours: ['yellow', 'green', 'pale_yellow', 'amber'], atLeast: 0.35 }], severity: 'mild' },
    // Dark brown is the colour of digested blood as much as of food: smooth, it gets same-day
    // advice, never "food".
    {
      id: 'possible_digested_blood',
      when: [{ colours: ['dark_brown'], atLeast: 0.35 }],
      severity: 'moderate',
      redFlag: true,
      vet: 'urgent',
    },
    { id: 'food', when: [{ colours: ['brown', 'light_brown'], atLeast: 0.45 }], severity: 'mild' },
    // White foam is white: grey alone is what a grey scene is, not foam. Measured (2026-12-05,
    // recommended models): every "white foam" answer at hand was a photo of something else (a
    // scanner, a gallery, a fisheye courtyard, a carved panel, three lawn crops, a skin close-up),
    // mainly grey with white 0.00–0.14 of the subject; one, a game's sky, 0.29. The generated
    // foam fixture is mainly white. No real vomit photo was at hand: foam in deep shade, grey in
    // the photo, is inconclusive now rather than a finding.
    {
      id: 'foam',
      when: [
        { colours: ['white', 'grey'], atLeast: 0.5 },
        { colours: ['white'], atLeast: 0.2 },
      ],
      severity: 'mild',
    },
  ],
} as const satisfies RuleTable;

export type VomitRuleId = RuleIdOf<typeof VOMIT_RULES>;
