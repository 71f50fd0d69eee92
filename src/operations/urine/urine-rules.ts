import type { RuleIdOf, RuleTable } from '../health/rule-table.js';

/**
 * Urine (docs/design.md §5; Bartges, Problem-Based Feline Medicine ch. 13). Pale to amber yellow is
 * normal; colourless is very dilute; dark amber concentrated; red or pink is blood; brown or black
 * is blood pigment or bilirubin (vet). Cloudiness suggests cells, crystals or infection. Colour does
 * not measure concentration: a urine test does.
 */
export const URINE_RULES = {
  scope: 'subject',
  // Colour and clarity are what a photo of urine shows; concentration, crystals and infection need a
  // urine test at any colour, which the limitation sentence says.
  sight: { sees: ['blood', 'dark pigment', 'concentration by colour', 'cloudiness'], blindTo: [] },
  rules: [
    {
      id: 'brown_black',
      when: [{ colours: ['black', 'dark_brown', 'brown'], atLeast: 0.35 }],
      severity: 'severe',
      redFlag: true,
      vet: 'urgent',
    },
    {
      id: 'blood',
      when: [{ colours: ['red', 'dark_red', 'pink'], atLeast: 0.25 }],
      severity: 'moderate',
      redFlag: true,
      vet: 'urgent',
    },
    {
      id: 'cloudy',
      when: [
        { colours: ['grey'], atLeast: 0.25 },
        { colours: ['yellow', 'pale_yellow', 'amber'], atLeast: 0.2 },
      ],
      severity: 'mild',
      vet: 'soon',
    },
    { id: 'concentrated', when: [{ colours: ['amber', 'orange'], atLeast: 0.35 }], severity: 'mild' },
    { id: 'normal_yellow', when: [{ colours: ['yellow', 'pale_yellow'], atLeast: 0.45 }], severity: 'normal' },
    { id: 'very_dilute', when: [{ colours: ['white', 'grey'], atLeast: 0.6 }], severity: 'mild' },
  ],
} as const satisfies RuleTable;

export type UrineRuleId = RuleIdOf<typeof URINE_RULES>;
