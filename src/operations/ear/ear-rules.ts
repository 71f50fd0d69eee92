import { REDDER_PATCHES, type RuleIdOf, type RuleTable } from '../health/rule-table.js';

/**
 * Ear canal (docs/design.md §5). Pale pink with a little light-tan wax is normal; redness is
 * inflammation; dark brown waxy debris suggests yeast; dark crumbly "coffee grounds" possible
 * mites; yellow or green discharge bacteria. Measured over the frame: an ear photo is a close-up.
 */
export const EAR_RULES = {
  scope: 'frame',
  // A clean canal is pale pink with a little light wax: every change a normal verdict rules out
  // (redness, dark debris, discharge) has a colour. The eardrum is beyond any owner's photo.
  sight: { sees: ['redness', 'dark debris', 'wax colour', 'yellow or green discharge'], blindTo: [] },
  rules: [
    {
      id: 'discharge',
      when: [{ colours: ['yellow', 'green', 'amber'], atLeast: 0.12 }],
      severity: 'moderate',
      vet: 'soon',
    },
    {
      id: 'mites_debris',
      when: [
        { colours: ['black'], atLeast: 0.15 },
        // Debris lies in a canal, whose skin shows round it (pink, tan, or red where inflamed):
        // black with no skin in the frame is black fur or shade. Measured (2026-12-05,
        // recommended models) on 2,969 pictures sent to ear analysis (the 405 real skin close-ups,
        // the 586 stool photos, 761 lawn crops, 1,217 of Debian's and other packages'): 45 of the
        // close-ups' 68 "ear mites" had under a tenth of these tones (black and grey fur): 38 of
        // them got no finding, 7 "yeast" (which asks for pink or red now, below); 4 lawn crops, pet
        // rabbits in a pink toy car and a mountain landscape got none either. The generated mites
        // scene (black crumbs on a pink canal) keeps its finding. No real ear-mite photo was at
        // hand: a canal packed with black debris whose skin covers less than a tenth of the frame
        // is not called mites.
        { colours: ['pink', 'light_brown', 'red', 'dark_red'], atLeast: 0.1 },
      ],
      severity: 'moderate',
      vet: 'soon',
    },
    { id: 'inflamed', when: [{ colours: ['red', 'dark_red'], atLeast: 0.15 }], severity: 'moderate', vet: 'soon' },
    {
      id: 'yeast_wax',
      when: [
        { colours: ['dark_brown', 'brown'], atLeast: 0.2 },
        // Wax lies in a canal too, whose pink or red skin shows round it (not tan, which brown fur
        // is as much as skin): brown with neither is a brown coat. Measured (2026-12-05,
        // recommended models) on the 2,969 pictures above: of the 405 real skin close-ups, 90 had
        // been "dark brown, waxy debris… yeast"; 49 of them (brown and black fur, under 5% pink
        // and red) get no finding now, nor do a mahogany texture, a lawn crop, a die, a woven lattice
        // and two rock textures. Ear findings on the 2,969: 131 → 76. The generated yeast scene
        // (brown wax on a pink canal) and issue 40's dark debris on pink skin keep it. No real
        // ear photo was at hand: wax in a canal whose skin shows only tan, or under 5% pink or
        // red, gets no finding.
        { colours: ['pink', 'red', 'dark_red'], atLeast: 0.05 },
      ],
      severity: 'mild',
      vet: 'soon',
    },
    { id: 'mild_redness', when: [{ colours: ['red', 'dark_red'], atLeast: 0.06 }], severity: 'mild' },
    {
      id: 'clean',
      // Pink itself, not only pale colours: a clean canal is pale pink skin, and a frame mostly
      // white (white fur, a white wall or background) shows no canal to call clean. Of 49 "clean"
      // answers to photos that show no ear (405 real skin close-ups of shared/photos-real, and 709
      // Tux Paint stamps: whole animals and things cut out on white), 43 had under 15% pink.
      when: [
        { colours: ['pink', 'light_brown', 'pale_yellow', 'white'], atLeast: 0.5 },
        { colours: ['pink'], atLeast: 0.15 },
        { colours: ['red', 'dark_red'], atMost: 0.06 },
        // Black or dark brown over 5% of the frame, too little for mites or yeast, is debris or the
        // opening's shadow, which colour cannot tell apart: no verdict either way. Measured
        // (2026-12-02) on the 405 real skin close-ups of shared/photos-real sent to ear analysis: 3
        // of the 7 "clean" answers had 5–12% black (flea dirt, a pyoderma's dark patches, black fur
        // round a ringworm); the generated clean canal has neither. Dark brown counts with black:
        // the coffee-ground debris of ear mites (issue 40's #2e1d10) is dark brown to the palette,
        // and a pink canal with 6–15% of it had been called clean; the 4 clean answers left on
        // the 405 have under 5% of both together. No real ear photo was at hand: a clean one whose
        // opening shows dark over 5% of the frame gets no verdict, free. Brown counts too: light wax
        // is light brown to the palette, and a pink canal with 4–18% of mid-brown wax (#5a3a20,
        // L* 28, too little for yeast's 20%) had been called healthy (generated, 2026-12-02).
        { colours: ['black', 'dark_brown', 'brown'], atMost: 0.05 },
        // Grey over a tenth of the frame is no clean canal either: the palette names dark-grey
        // matter grey, not black (its darkest grey is L* 38), so a pink canal with 12–40% of
        // charcoal-grey debris (#454340, as flash greys dark crumbs) had been called a healthy ear.
        // A grey tuft of fur or a grey background withholds the verdict too: grey in a canal
        // photo is debris, hair or shade, none of which colour can tell from the others. Measured
        // (2026-12-02) on the 405 real skin close-ups of shared/photos-real sent to ear analysis:
        // the 4 clean answers left had 20–38% grey (grey and white fur round pink skin), and none
        // is called clean now. No real ear photo was at hand: a clean canal framed by grey hair
        // over a tenth of the photo gets no verdict, free.
        { colours: ['grey'], atMost: 0.1 },
        // Nor is a canal with patches clearly redder than the skin and fur around it, which the
        // colour names call pink in a pinkish or dim photo (REDDER_PATCHES, as skin reads it): a
        // red inflamed patch on a dog's pink skin, the middle 40% of a shared/photos-real close-up
        // (red 4% to the names, redder patches 2.5%), had been "a pale pink canal… a healthy ear".
        // Only the verdict is withheld, free: no finding is raised from it, since a healthy pink
        // canal framed by pale fur is redder than the fur too. Measured (2026-12-05) on 2,576
        // pictures sent to ear analysis (the 405 real skin close-ups and their middle 40%, the 586
        // stool photos, 761 lawn crops, Debian's and GCompris's 419): that crop was the only
        // "clean" answer, and it is the only one changed. No real ear photo was at hand: a healthy
        // canal with pink skin against white fur may get no verdict.
        { redderThanFrame: { atMost: REDDER_PATCHES } },
      ],
      severity: 'normal',
    },
  ],
} as const satisfies RuleTable;

export type EarRuleId = RuleIdOf<typeof EAR_RULES>;
