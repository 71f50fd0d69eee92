import { REDDER_PATCHES, type RuleIdOf, type RuleTable } from '../health/rule-table.js';

/**
 * Skin close-ups: measured over the whole frame, since the skin fills it, and in patches of it,
 * since a lesion may cover a few percent of it. Fresh or dark blood and marked redness need a
 * veterinarian; yellow crusts or discharge suggest infection; pale pink, tan or fur colours
 * without redness show nothing visible. Parasites, texture and swelling are beyond a colour
 * measurement.
 */
export const SKIN_RULES = {
  scope: 'frame',
  // Colour sees redness, blood and crusts; the commonest lesions (ringworm, scabies, flea allergy,
  // lumps) are texture and shape, so a skin photo with no colour finding is never called normal.
  sight: {
    sees: ['redness', 'bleeding', 'yellow crusts or discharge'],
    blindTo: ['lesions', 'hair loss', 'scaling', 'parasites', 'lumps'],
  },
  // Lesions are small: every finding reads patches (PATCHES), so a red or crusted patch of 2% of
  // the close-up counts and the same share of scattered pixels (hairs, shadows in pink skin) does
  // not. The shares are guesses from generated close-ups, not from clinical photos; ginger fur
  // (orange) filling 1.5% of a close-up in patches reads as a crust.
  rules: [
    {
      id: 'bleeding',
      when: [{ colours: ['dark_red'], inPatches: true, atLeast: 0.05 }],
      severity: 'moderate',
      redFlag: true,
      vet: 'soon',
    },
    {
      id: 'marked_redness',
      when: [{ colours: ['red'], inPatches: true, atLeast: 0.15 }],
      severity: 'moderate',
      vet: 'soon',
    },
    {
      id: 'crust_discharge',
      when: [{ colours: ['yellow', 'amber', 'orange'], inPatches: true, atLeast: 0.015 }],
      severity: 'mild',
      vet: 'soon',
    },
    { id: 'redness', when: [{ colours: ['red', 'dark_red'], inPatches: true, atLeast: 0.015 }], severity: 'mild' },
    // Red against the photo's own skin and fur, where a dim or grey-cast photo names it pink on
    // grey (RELATIVE_REDNESS says what it was measured on, REDDER_PATCHES its share).
    { id: 'redder_patches', when: [{ redderThanFrame: { atLeast: REDDER_PATCHES } }], severity: 'mild' },
    {
      id: 'no_visible_change',
      when: [
        {
          colours: ['pink', 'light_brown', 'white', 'grey', 'brown', 'dark_brown', 'black', 'pale_yellow'],
          atLeast: 0.6,
        },
        { colours: ['red', 'dark_red'], inPatches: true, atMost: 0.015 },
      ],
      severity: 'normal',
    },
  ],
} as const satisfies RuleTable;

export type SkinRuleId = RuleIdOf<typeof SKIN_RULES>;
