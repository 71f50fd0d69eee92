import { createHash } from 'node:crypto';
import { DEFAULT_INTAKE_LIMITS, decodeImageBytes } from '../image/decode-image.js';
import { photoToRead } from '../analysis/photo-to-read.js';
import { readRegularFile } from '../vision/runtime/bounded-read.js';
import type { Backbone } from './backbone.js';
import type { LabelledPhoto } from './head-folder.js';
import { thumbnailOf } from '../vision/pixels/thumbnail.js';
import { type BackboneFeatures, withExtras } from '../vision/runtime/backbone-features.js';

/** One photo's backbone features (both poolings where the backbone has maps), with its label, the hash that tells exact copies apart, and a thumbnail that finds edited ones. */
export interface PhotoFeatures extends LabelledPhoto {
  readonly sha256: string;
  readonly features: BackboneFeatures;
  /** A grey 32 × 32 copy (near-duplicates.ts): a crop, a recolouring or a turn of one photo is one scene. */
  readonly thumbnail: Uint8Array;
}

export interface FeatureReading {
  readonly read: readonly PhotoFeatures[];
  /** Photos that could not be read or decoded, and why. */
  readonly unreadable: ReadonlyArray<{ readonly path: string; readonly why: string }>;
  /** The same photo under two or more labels: which label is right cannot be known, so every copy is left out. */
  readonly conflicting: ReadonlyArray<{ readonly labels: readonly string[]; readonly paths: readonly string[] }>;
  /** The same photo twice under one label: read once, the other copies listed. */
  readonly repeated: readonly string[];
}

/**
 * Training photos come from a clinic's camera, not through the API: files larger than a request
 * may carry are read. Everything else (orientation, the pixels kept, the minimum size) is the
 * request's own decode.
 */
export const TRAINING_LIMITS = { ...DEFAULT_INTAKE_LIMITS, maxBytes: 64 * 1024 * 1024 };

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/**
 * The backbone's penultimate features of every photo, and the companion's and the detector's
 * where they give some, computed as a request computes them: the bytes decoded at `decodeSize`
 * (what the service decodes for the head's operation), then each model's own resize (the
 * classifier's view stretched where the service reads it so) and normalisation. Copies are found
 * by their bytes' sha256 first, so a photo filed under two labels is reported, not learnt both
 * ways. `progress` hears after each photo.
 */
export async function readPhotoFeatures(
  photos: readonly LabelledPhoto[],
  backbone: Pick<Backbone, 'classifier' | 'companion' | 'detector' | 'decodeSize' | 'stretched'>,
  progress: (done: number, total: number) => void = () => {},
): Promise<FeatureReading> {
  const unreadable: Array<{ path: string; why: string }> = [];
  const byHash = new Map<string, LabelledPhoto[]>();
  for (const photo of photos) {
    try {
      // Its size is checked before a byte is read: a 2 GB ".jpg" is refused, not read into memory.
      const hash = sha256(await readRegularFile(photo.path, TRAINING_LIMITS.maxBytes));
      byHash.set(hash, [...(byHash.get(hash) ?? []), photo]);
    } catch (error) {
      unreadable.push({ path: photo.path, why: (error as Error).message });
    }
  }
  const conflicting: Array<{ labels: string[]; paths: string[] }> = [];
  const repeated: string[] = [];
  const unique: Array<LabelledPhoto & { sha256: string }> = [];
  for (const [hash, copies] of byHash) {
    const labels = [...new Set(copies.map((copy) => copy.label))];
    if (labels.length > 1) conflicting.push({ labels, paths: copies.map((copy) => copy.path) });
    else {
      unique.push({ ...copies[0]!, sha256: hash });
      repeated.push(...copies.slice(1).map((copy) => copy.path));
    }
  }
  const read: PhotoFeatures[] = [];
  for (const [done, photo] of unique.entries()) {
    try {
      // Read as a request reads it: a photo rotated onto black without the black.
      const { image } = await photoToRead(
        await decodeImageBytes(
          await readRegularFile(photo.path, TRAINING_LIMITS.maxBytes),
          TRAINING_LIMITS,
          backbone.decodeSize,
        ),
      );
      const [{ features }, second, detected] = await Promise.all([
        backbone.stretched ? backbone.classifier.predictStretched(image) : backbone.classifier.predict(image),
        backbone.companion?.predict(image),
        backbone.detector?.detect(image),
      ]);
      if (!features) throw new Error(`${backbone.classifier.name} gave no penultimate features`);
      read.push({
        ...photo,
        features: withExtras(features, { companion: second?.features?.mean, detector: detected?.features }),
        thumbnail: await thumbnailOf(image),
      });
    } catch (error) {
      unreadable.push({ path: photo.path, why: (error as Error).message });
    }
    progress(done + 1, unique.length);
  }
  return { read, unreadable, conflicting, repeated };
}
