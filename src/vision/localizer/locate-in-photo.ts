import type { DecodedImage } from '../../image/decoded-image.js';
import type { Classification, ClassifierModel } from '../classifier-model.js';
import type { Detection, LetterboxedMaps } from '../detector-model.js';
import { CLOSER_LOOK, closerLookTiles, nearestTile, tileRegion, tilesOnFrame } from './closer-look.js';
import { letterboxedCellsOnFrame } from './letterboxed-cells.js';
import type { LocalizerModel } from './localizer-model.js';
import { type LocatedSubject, locateSubjects, type Location } from './locate-subject.js';

/*
 * Where a localizer finds its subject in one photo, for the scene stage (describe-scene.ts): from
 * the classifier's maps of the whole frame, then of a closer look's tile, then, where those show
 * nothing, from the detector's maps (a second localizer trained on them).
 */

/**
 * Whether `localizer` finds its subject in any cell of the classifier's maps, and whether the frame
 * shows the ground of its training photos (LocalizerModel.showsTrainingGround); undefined when the
 * classifier gave no maps.
 */
export async function lookForSubject(
  localizer: LocalizerModel,
  maps: Classification['maps'],
): Promise<{ readonly shows: boolean; readonly onTrainingGround: boolean | undefined } | undefined> {
  if (!maps) return undefined;
  const reading = await localizer.predict(maps);
  return {
    shows: Math.max(...reading.cells) >= localizer.spec.threshold,
    onTrainingGround: localizer.showsTrainingGround(reading),
  };
}

/**
 * Where the classifier's localizer found nothing, whether the localizer trained on the detector's
 * finer maps finds the subject (look "detector"): from maps the detector computed anyway, its cells
 * laid over the photo (letterboxedCellsOnFrame). Measured on the stool photos held out by source
 * photo (docs/stool-localizer.md): small stools far off, and larger ones on busy ground.
 */
export async function withSecondSight(
  location: Location | undefined,
  localizer: LocalizerModel | undefined,
  { cells, people }: { readonly cells: LetterboxedMaps | undefined; readonly people: readonly Detection[] },
  image: DecodedImage,
): Promise<Location | undefined> {
  if (!location || location.found.length > 0 || !localizer || !cells) return location;
  const { grid } = localizer.layout;
  const { threshold } = localizer.spec;
  const probabilities = letterboxedCellsOnFrame((await localizer.predict(cells.maps)).cells, grid, cells.content);
  // Where the detector whose maps these are boxes a person, what they show is a hand or a shoe:
  // its maps alone took fingers on a lawn for stool (a photo of the stool set without stool).
  const onPerson = ({ box: [x1, y1, x2, y2] }: LocatedSubject) =>
    people.some(
      ({ box }) =>
        (x1 + x2) / 2 >= box[0] && (x1 + x2) / 2 <= box[2] && (y1 + y2) / 2 >= box[1] && (y1 + y2) / 2 <= box[3],
    );
  const found = locateSubjects(probabilities, grid, threshold, image).filter((subject) => !onPerson(subject));
  if (found.length === 0) return location;
  return { ...location, localizer: localizer.name, look: 'detector', grid, probabilities, threshold, found };
}

/**
 * Where `localizer` finds its subject, from the classifier's feature maps of the whole photo; when
 * they show none, but a cell comes near (the closer look's `from`), from the maps of the tile round
 * that cell (closer-look.ts): one more classifier run, only for such a photo.
 */
export async function locate(
  localizer: LocalizerModel,
  classifier: ClassifierModel,
  maps: Classification['maps'],
  image: DecodedImage,
): Promise<Location> {
  const { grid } = localizer.layout;
  const { threshold, subject, closerLook } = localizer.spec;
  const mapsOf = (given: Classification['maps']) => {
    if (!given) throw new Error(`${localizer.name} reads feature maps, but the classifier gave none`);
    return given;
  };
  const located = (look: Location['look'], probabilities: Float32Array, side: number, at: number): Location => ({
    subject,
    localizer: localizer.name,
    look,
    grid: side,
    probabilities,
    threshold: at,
    frame: { width: image.sourceWidth, height: image.sourceHeight },
    found: locateSubjects(probabilities, side, at, image),
  });
  const whole = located('whole', (await localizer.predict(mapsOf(maps))).cells, grid, threshold);
  if (whole.found.length > 0 || !closerLook || Math.max(...whole.probabilities) < closerLook.from) return whole;
  const tile = closerLookTiles()[nearestTile(whole.probabilities, grid)]!;
  const tileMaps = (await classifier.predictStretched({ image, region: tileRegion(image, tile) })).maps;
  const onFrame = tilesOnFrame([tile], [(await localizer.predict(mapsOf(tileMaps))).cells], grid);
  return located('closer', onFrame, grid * CLOSER_LOOK.gridScale, closerLook.threshold);
}
