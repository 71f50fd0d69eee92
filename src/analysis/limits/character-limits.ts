/**
 * The photo gate's limits on what kind of picture a photo is (docs/design.md §4), each with what
 * it was measured on: picture-character.ts reads them, photo-gate.ts decides with them, beside
 * quality-limits.ts's on quality and gate-limits.ts's on what a photo shows.
 */

/**
 * What kind of picture cannot be judged at all, from its pixels (PhotoCharacter). Tuned on the
 * shared photos, greyscale, sepia and tinted copies of them, and generated scenes with camera
 * noise; no real drawing, microscope view or sepia photo was at hand, so the graphic and round-view
 * limits are set far from every photo measured, not close to any graphic.
 */
export const CHARACTER_LIMITS = {
  /**
   * A photo this much of which is transparent (DecodedImage.transparency) is clip art, a
   * sticker or a cut-out, not a photo of a specimen or of skin: a camera's photo has no
   * transparency. Of the 30 clip art drawings of Debian's openclipart-png, 29 are 22–98%
   * transparent; their shading passed 19 of them for photos, and 9 got a urine or vomit finding
   * (2026-11-28). Read only where the operation judges colours, and not where the opaque part is
   * a photo an editor rotated or letterboxed (`editorRectangleFill`).
   */
  transparentShare: 0.05,
  /**
   * A transparent picture whose opaque part fills the smallest rectangle around it (at any angle)
   * this fully is a photo an editor rotated or letterboxed onto transparency, read as a photo
   * (rectangle-fill.ts, on the alpha channel's 256 px thumbnail). Measured (2026-12-04): 90 real
   * photos (skin close-ups, stool photos, Budgie's avatars) rotated by 1–60° onto transparency
   * fill 0.981 or more, letterboxed 1; one rotated as a 4:1 strip, or 70 px a side, 0.977; cropped
   * round, 0.787. Of the 696 transparent pictures among Debian's (Tux Paint's stamps, Open Clip
   * Art, the desktop avatars), 4 reach it: three road signs that are rotated squares (0.976–0.996)
   * and a gravestone (0.974). Until then the outline's straight lines on the
   * flattened white decided (0.5 of it): 36 stamps passed for rotated photos, coins (on lines
   * 0.45–0.60 as well as on a circle), a yellow pepper (0.70) and a dead-end sign (0.83, filling
   * 0.955) among them, and got urine, vomit and ear findings; a disc had passed for a photo cropped
   * round (Tux Paint's coins, moon and cricket ball: 8 findings).
   */
  editorRectangleFill: 0.965,
  /**
   * …and one this much transparent is no photo rotated or letterboxed in an editor, whatever its
   * shape: a square photo rotated by 45° leaves half its canvas transparent, a 2:1 one 56%. Of
   * Cinnamon's and Budgie's 96 px avatar drawings (Debian's cinnamon-common,
   * budgie-control-center-data), a toucan (72% transparent) and a penguin (79%) had got urine and
   * vomit findings, "brown… blood", severe among them, when small outlines passed for straight lines.
   */
  framedTransparentShare: 0.6,
  /** C* at the 99th percentile at most this: no colour (greyscale JPEGs measure 0, colour photos of grey stool 5 and up). */
  greyscaleChroma: 2,
  /**
   * A tinted monochrome (sepia, a night camera's green): nearly every pixel coloured, one hue, and
   * colour following lightness alone. Sepia and green-tinted copies of the shared photos measured a
   * residual of 0.03–0.26 and a hue spread of 1.6–13°; the colour photos 0.20–0.65, but generated
   * two-tone skin close-ups (pink with dark red or tan, all one hue) 0.105–0.12 at 5°. Only the
   * clearest tints are caught, then: a real colour photo refused costs more than a sepia one judged.
   */
  tintedShare: 0.9,
  tintResidual: 0.09,
  tintHueSpread: 8,
  /**
   * …and one hue in the dark and the light alike: sepia, green and blue tints of the shared photos
   * moved 0–8.3° between lightness bands (the giraffe's 17–35°, whose residual already passes it),
   * where dark brown debris on pink skin with camera noise moved 19° and a red lesion on pink skin
   * 13°, both one hue to hueSpread (5.6–6°) and refused before (issue 40). A vivid red saucer, one
   * red from dark to light (1.8°), is still taken for a tint: no measurement of colour alone tells
   * it from a red-filtered photo.
   */
  tintHueDrift: 12,
  /**
   * …and a photo of something with light and shade: a tint is read off how colour follows
   * lightness, which a close-up of one flat surface does not span. Measured (2026-12-02): the
   * sepia, green and blue copies of 48 real photos (the shared photos, skin close-ups and stool
   * photos) taken for tints range 30–85 L* (5th to 95th percentile); a flat pink frame with one
   * dark brown or red patch of up to 4% and camera noise, 0–5, and it had been refused as a photo
   * without colour (issue 40's debris on skin, in one patch). Black or grey crumbs over 5% of such a
   * frame still range 45–65 and are still refused: dark without colour, light of one hue, is what
   * a sepia photo is too. No real photo at hand was refused as a tint, before or after.
   */
  tintToneRange: 15,
  /**
   * A flat graphic: three quarters of the unclipped pixels in this few exact colours (photos
   * measured thousands, greyscale ones 68 and up; a generated scene with camera noise, mostly a
   * smooth dark tile, saved at JPEG quality 50 to 80, as few as 8 to 19)…
   */
  graphicColours: 16,
  /**
   * …and one exact colour this much of them, as a drawing's fill is (drawn scenes saved as JPEG:
   * 77%; that noisy scene at quality 50: 22%, at 80: 17%). A drawing full of fine lines and
   * shading is not caught: the limits keep heavily compressed photos of smooth floors judged.
   */
  graphicTopColour: 0.35,
  /** …provided this much of the frame is not clipped white or black, so that the count means something. */
  graphicUnclipped: 0.1,
  /**
   * A drawing with shading or antialiased edges, resized to the decode size, spreads over hundreds
   * of exact values, but its fills stay flat: this share of its unclipped pixels exactly equal to
   * their right and lower neighbours (PaletteReading.flatShare), in at most `graphicFlatColours`
   * dominant colours. Measured (2026-11-27) at every operation's decode size: of 165 clip art
   * drawings of the Open Clip Art Library (Debian's openclipart-png: animals, food, logos, plants,
   * people), 97 are refused by it for every operation (14 more for some); their findings from
   * stool, urine, vomit, skin and ear analysis ("severe… black urine") fell from 95 to 36. Of
   * 1,478 real photos (the stool set, the skin close-ups, the shared photos; 240 of them shrunk to
   * 400 px and saved at JPEG quality 30 or 50; 240 as WebP at 50, 80 and, at 1024 px, 75, and as
   * 160-px JPEGs) none is: those in 600 colours or fewer measured 0.185 at most (one crushed to
   * JPEG quality 30), the others up to 0.48 (WebP), those flatter than 0.19 in 836 colours or
   * more. Drawings shaded throughout (gradients, airbrushing) measure under 0.05 and still pass.
   */
  graphicFlatShare: 0.25,
  graphicFlatColours: 600,
  /**
   * A photo whose four corners are black (lit-area.ts) is a round view through an instrument when
   * this share of its lit part's edge lies on one circle, and less than `roundViewOnLines` on
   * straight lines. Measured on the 50 dog and 25 cat skin close-ups of shared/photos-real that are
   * rotated or letterboxed onto black: on a circle 0.08–0.41 where an edge is also broken by dark
   * fur or a dark background (a fifth of them), and then on lines 0.15–0.45; photos rotated by 45°
   * (octagons) on a circle 0.80–0.92 but on lines 0.73–1. Round views made from real photos (a
   * disc of each of 20 skin photos in black, in five framings, sharp and soft-edged, JPEG at 75):
   * on a circle 0.8–1 for most, 0.32–0.75 where the photo is dark at the disc's edge; on lines
   * 0.04–0.37. So a dark-edged disc may be read as a photo, and a rotated photo is never refused as
   * a round view. No real otoscope or microscope photo was at hand.
   */
  roundViewOnCircle: 0.6,
  roundViewOnLines: 0.5,
  /**
   * A round view whose lit pixels are this strongly coloured, nine in ten of them
   * (ToneReading.litChromaFloor, C*), is an eye camera's view of a retina, not an otoscope's of a
   * canal, even for an operation that takes round views (ear): the choroid's blood seen through a
   * clear retina, orange-red from edge to edge, where skin and fur, however inflamed, keep paler or
   * greyer parts (hairs, wax, scales, the canal's dark beyond). Measured (2026-12-05): scikit-image's
   * retina (Debian's python3-skimage, a fundus photo in CC0) 54, and it had been "a red, inflamed
   * canal", moderate, from ear analysis (issue 40 names such a photo); the 405 real skin close-ups
   * of shared/photos-real, their middle halves, and those halves set in a lit disc as an otoscope
   * shows a canal (205), 38 at most. Photos that are no round view do not ask it: flowers, a green
   * meadow and paintings reach 50–68. No real otoscope photo was at hand, nor a fundus photo of a
   * pet, whose tapetum shines yellow, green or blue.
   */
  eyeCameraChroma: 45,
  /**
   * A photo whose four corners are white (lit-area.ts) is something cut out and set on white when
   * at least `cutOutOnEdge` of the frame's edge is white (the cut-out touches it only here and
   * there), and less than `cutOutOnLines` of the edge between the white and the rest lies on
   * straight lines, whatever share lies on a circle (a coin, a ball); more on lines, and it is a
   * photo rotated, letterboxed or framed on white, read inside the white like one on black.
   * Measured (2026-11-27): the 131 of 144 animals of Debian's tuxpaint-stamps-default (photos cut
   * out on white) with white corners: on lines 0.04–0.38, white on the edge 0.89–1; the 30 drawings
   * of scripts/debian-photos.sh on lines 0.02–0.58 (refused as drawings before this). Of the 1,042
   * real photos of shared/ (skin close-ups, stool photos, the shared photos), the 6 with white
   * corners: a cat photo framed in white (on lines 0.68); a kitten and a whole dog with lesions on
   * a studio's backdrop (on lines 0.29 and 0.24, white on the edge 1 and 0.88); a cat's face, a
   * cat at a bowl and a cat's chin in front of a white wall, running off the frame (on lines
   * 0.28–0.41, white on the edge 0.68–0.79: close-ups, read whole and judged as before).
   */
  cutOutOnLines: 0.5,
  cutOutOnEdge: 0.85,
  /**
   * A photo inside black or white is framed (read inside it, and on white no cut-out) only where its
   * largest lit upright rectangle covers at least this share of the frame: a dark photo with one lit
   * spot (a lamp at night) is not a photo rotated onto black, and is read whole (and refused as too
   * dark where it is). Of 234 real photos with black corners (skin close-ups and stool photos
   * rotated onto black), 4 fell under it (0.11–0.18), the median was 0.75. On white since
   * 2026-12-06: a thing with straight edges cut out on white (a wrench, a hammer, a saw, a syringe,
   * a thermometer, a plaster, a candle, a cross; Tux Paint's stamps, Debian's
   * tuxpaint-stamps-default, flattened onto white as JPEG) covers 0.01–0.15 with such a rectangle,
   * and had been taken for a photo framed on white, so never for a cut-out: 5 of them had got vomit
   * or urine findings ("coffee grounds", severe, for a wrench; "red or pink urine" for a cross;
   * "almost colourless urine" for a syringe and a thermometer). The two real photos framed on white
   * at hand (a ringworm close-up in a white border, emayili's cats) cover 0.84 and 0.46.
   */
  framedInsideShare: 0.2,
  /**
   * A specimen's photo cut out so, with this share of the frame's edge blown-out white (every
   * channel 250 or more: LitArea.blownOnEdge), is a drawing or a stock picture: a specimen is
   * photographed where it lies. Drawings with shading throughout pass isGraphic; saved as JPEGs on
   * white, they were judged as specimens. Measured (2026-11-28): the 30 Open Clip Art drawings and
   * 116 GCompris word-game drawings (gcompris-qt-data's lang activity, watercolour on white), saved
   * as JPEG: 140 are cut-outs, blown out on 0.70–1 of the edge (a tenth under 0.98); they had got
   * 57 urine findings (and 8 "normal") and 87 vomit findings, none now (those named for what they
   * show, a cup or a meal, are refused as such). Of 1,012 real photos (the 586 stool
   * photos, the 405 skin close-ups, the 7 shared photos, OpenCV's fruit, MATE's backgrounds), 2 are
   * cut-outs, a kitten and a dog on studio backdrops (blown out on 1 and 0.85), and neither a
   * specimen. No photo of a specimen on white paper or on a white pad was at hand: paper photographed
   * keeps its shading, grain and vignetting under 250, so it is not blown out along most of the edge
   * unless the photo itself is washed out. A urine stain on a pad blown out all round (urine's retake
   * tip asks for a white pad) would be refused as a cut-out: the limit rests on that being rare.
   */
  cutOutBlownOnEdge: 0.75,
} as const;
