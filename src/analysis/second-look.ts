import type { Location } from '../vision/localizer/locate-subject.js';

/**
 * Whether a located subject was found only on a second look: the closer look's tiles or the
 * localizer trained on the detector's maps, asked where the whole frame's cells showed nothing
 * (locate-in-photo.ts). Such a find says where the subject most likely is, enough to read a
 * colour the localizer learnt its subject by (a brown stool); it cannot carry a finding, since a
 * colour it did not learn its subject by is as likely the leaf, hole or shadow it found instead.
 * Measured (2026-12-05, recommended models, the stool localizer) on the 586 real stool photos:
 * the second looks found the stool of 63 whose whole frame showed none, 20 judged, all brown, no
 * finding; the findings they gave were all on photos of other things, 5 of 2,171 sent to stool
 * analysis (761 crops of the stool photos' lawns outside their boxes: a hole in dry grass "black,
 * melena" (severe), a yellow leaf, grey grass, a green blade; and a cat's scabies close-up).
 * No stool with a finding was found only so: a bloody or black stool small in the frame is refused
 * with a tip to retake it closer, free, rather than judged on so faint a find.
 */
export const foundOnSecondLook = (location: Location) => location.look !== 'whole';
