import type { RuleIdOf, RuleTable } from '../health/rule-table.js';

/**
 * Skin close-ups: measured over the whole frame, since the skin fills it. Fresh or dark blood
 * and marked redness need a veterinarian; yellow crusts or discharge suggest infection; pale pink,
 * tan or fur colours without redness show nothing visible. Parasites, texture and swelling are
 * beyond a colour measurement.
 */
export const SKIN_RULES = {
  scope: 'frame',
  // Colour sees redness, blood and crusts; the commonest lesions (ringworm, scabies, flea allergy,
  // lumps) are texture and shape, so a skin photo with no colour finding is never called normal.
  sight: {
    sees: ['redness', 'bleeding', 'yellow crusts or discharge'],
    blindTo: ['lesions', 'hair loss', 'scaling', 'parasites', 'lumps'],
  },
  rules: [
    {
      id: 'bleeding',
      when: [{ colours: ['dark_red'], atLeast: 0.1 }],
      severity: 'moderate',
      redFlag: true,
      vet: 'soon',
    },
    { id: 'marked_redness', when: [{ colours: ['red'], atLeast: 0.2 }], severity: 'moderate', vet: 'soon' },
    {
      id: 'crust_discharge',
      when: [{ colours: ['yellow', 'amber', 'orange'], atLeast: 0.1 }],
      severity: 'mild',
      vet: 'soon',
    },
    { id: 'redness', when: [{ colours: ['red', 'dark_red'], atLeast: 0.06 }], severity: 'mild' },
    {
      id: 'no_visible_change',
      when: [
        {
          colours: ['pink', 'light_brown', 'white', 'grey', 'brown', 'dark_brown', 'black', 'pale_yellow'],
          atLeast: 0.6,
        },
        { colours: ['red', 'dark_red'], atMost: 0.06 },
      ],
      severity: 'normal',
    },
  ],
} as const satisfies RuleTable;

export type SkinRuleId = RuleIdOf<typeof SKIN_RULES>;
