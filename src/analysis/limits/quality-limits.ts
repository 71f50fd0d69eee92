/**
 * The photo gate's limits on quality (docs/design.md §4), each with what it was measured on and what
 * it rests on: photo-gate.ts decides with them (what a photo shows: gate-limits.ts).
 */

/**
 * When a photo cannot be judged (docs/design.md §4). Lightness is CIELAB L* of the whole frame;
 * sharpness is the analyser's normalised Laplacian variance (in-focus photos measure 0.05 and
 * up, a Gaussian blur of a few pixels drops it below 0.005); coverage is the subject's share of
 * the frame.
 */
export const QUALITY_LIMITS = {
  minBrightness: 18,
  maxBrightness: 97,
  minSharpness: 0.008,
  /**
   * A stool, vomit or urine photo shows its subject large: specks under 5% of the frame are more
   * likely shadows, dirt or the odd stone than the subject (textures filling the frame, generated:
   * 0–3%).
   */
  minCoverage: 0.05,
  maxCoverage: 0.92,
  /**
   * …and as one thing, or a few: a subject less solid than this (SUBJECT_INTERIOR) is a scatter of
   * small pieces that the border happened not to show, as coins or gravel filling the frame are
   * (generated ones measured 0.06–0.12), not a specimen (generated stools, puddles and vomit on
   * floors, tiles, grass and gravel: 0.54–0.85; nine separate pellets 0.21–0.29). A guess between
   * the two, from generated scenes only.
   */
  minSolidity: 0.15,
  /**
   * …on one surface: a specimen is photographed on the floor, a lawn or a pad, so the frame's four
   * edges show the same thing. Edges further apart than this (the largest ΔE between two edges'
   * mean colours) show a scene instead: sky above ground, a room, a table's edge, or a subject
   * that runs off the frame, whose background cannot be told. Generated specimens on floors,
   * tiles, gravel and grass measured 0–7; the shared photos of scenes 27–42 (a cat's face filling
   * the frame, 13, passes). Set at 15 so a shadow over one side of a floor still passes: a guess.
   */
  maxSideContrast: 15,
  /**
   * A located subject whose blocks are crushed to the camera's black (subject-pixels.ts,
   * `crushedBelow`) this much or more lies in deep shadow: its colour cannot be read, and black
   * (melena) cannot be told from dark brown (PhotoNeeds.blackIsAFinding). Measured (2026-11-28) on
   * the 586 real stool photos, all ordinary stools: 26 of the 496 judged were read as melena,
   * severe and urgent (60% of their blocks black); 12 of them have 70% or more crushed, and 6
   * still read black in the blocks left (very dark stools in a dark photo). No photo of melena was
   * at hand: a tarry stool in daylight reads L* 5–14, which this leaves black.
   */
  crushedSubject: 0.7,
  /**
   * A located subject's red finding (blood) where its ground is red too (median a*, CIELAB's
   * green–red axis, of the ground's blocks, `groundA` or more) and the subject no redder than it
   * (its lit blocks' median a* under the ground's plus `subjectAbove`): a warm light, a filter or a
   * red surface (clay, brick, a rug), not blood, made it red. Measured (2026-12-05) on the 586
   * real stool photos, all ordinary stools: of the 544 in which a stool was found, the ground's
   * median a* is -1.2 at the median (lawns read below 0, dry grass and earth 0–12), 10.1 at the
   * 95th percentile, and 15 or more in 12 (a red-cast copy, dry grass in evening light, red
   * earth). Three of those had a red finding: a stool in an orange-cast copy ("fresh blood",
   * moderate; ground 39.9, stool 36.5), one on pink-cast grass ("heavy bleeding", severe; 26.6,
   * 27.9) and one on reddish dry grass (moderate; 15.8, 13.1), and are refused now, free; the
   * other nine had none and keep their answers; so do the two other stools read partly red, on
   * green lawns (ground -1.7 and -4.8). Of 1,585 other pictures sent to stool analysis (761 lawn
   * crops cut from the stool photos around their stools, the 405 skin close-ups of
   * shared/photos-real, Debian's and GCompris's 419), no answer changed. No photo of a bloody
   * stool was at hand: one on red clay or a red rug, no redder overall than that ground, is
   * refused with the tip to retake it on a surface that is not red, in white light.
   */
  redGround: { groundA: 15, subjectAbove: 5 },
} as const;
