import type { Pixels } from './pixels.js';
import { labOfBytes } from './colour-reading.js';

/**
 * What kind of picture a photo is, read from its pixels alone (docs/design.md §4, "Answers true to the
 * photo"), in two readings, each taken only where the gate reads it: its palette (a flat graphic
 * rather than a photograph) and its tones (whether it has colour at all, whether its edges show one
 * surface). The gate decides what to make
 * of them.
 */
export type PhotoCharacter = PaletteReading & ToneReading;

/** The photo's exact colours: what tells a flat graphic from a photograph, read from its bytes with no colour science. */
export interface PaletteReading {
  /** How many exact RGB values cover three quarters of the pixels that are not clipped white or black. */
  readonly dominantColours: number;
  /**
   * The share of those pixels that the single most frequent exact value covers: a drawing's flat
   * fill is one value over a large area; a photo's smoothest surface, even after heavy JPEG
   * compression, spreads over many values by its shading.
   */
  readonly topColourShare: number;
  /** Share of pixels that are not clipped white or black. */
  readonly unclippedShare: number;
  /**
   * The share of those pixels whose right and lower neighbours have exactly their value: a
   * drawing's fills stay flat through the resize to the service's decode size, where its edges'
   * antialiasing spreads it over hundreds of exact values; a photo's noise leaves few flat (0.002
   * at the median of real photos), though heavy compression flattens its smooth parts too (up to
   * 0.48, a WebP at quality 75), in more colours than a drawing: the gate reads both.
   */
  readonly flatShare: number;
}

/** The photo's colour and light, in CIELAB. */
export interface ToneReading {
  /** Share of pixels with CIELAB chroma C* of at least CHROMATIC (a visible colour). */
  readonly chromaticShare: number;
  /** The 99th percentile of C*: about 0 in a greyscale photo, whatever its JPEG noise. */
  readonly chromaP99: number;
  /**
   * How much of the photo's colour is not explained by lightness: the RMS of a* and b* around the
   * mean of their L* band, over the RMS of a* and b*. Near 0 in a sepia or tinted photo, whose colour
   * follows from lightness alone; 0 for a greyscale one, which has no colour to explain.
   */
  readonly tintResidual: number;
  /**
   * How far the hues of the coloured pixels spread, in degrees (the chroma-weighted circular
   * standard deviation): one tint measures a few degrees; a yellow thing on a blue tile, many.
   */
  readonly hueSpread: number;
  /**
   * How far the mean hue moves between the photo's lightness bands, in degrees (the largest
   * difference between two bands that each hold BAND_SHARE of the pixels and have colour): a tint
   * gives dark and light alike one hue, near 0; dark debris on pink skin, two tones of nearby hues
   * that hueSpread weighs as one, tens of degrees.
   */
  readonly hueDrift: number;
  /**
   * How far the photo's lightness ranges, in L* (from the 5th to the 95th percentile, to its bands'
   * width of 5): a photo of a scene, tinted or not, spans tens; a close-up of one flat surface, a
   * few.
   */
  readonly toneRange: number;
  /**
   * The largest CIELAB ΔE between the mean colours of two of the frame's four edges: near 0 when
   * all four show one surface (a floor, a lawn, gravel), large when they show a scene (sky above
   * and ground below, a room, a table's edge) or a subject that runs off the frame.
   */
  readonly sideContrast: number;
  /**
   * Share of pixels whose colour, however faint, is a green (GREEN_HUES): grass, turf, moss and
   * leaves, dry or in shade, which the palette names grey once their chroma is low. Skin, fur and
   * an ear canal are not green.
   */
  readonly greenShare: number;
  /**
   * The C* that nine in ten of the lit pixels (L* of at least LIT) reach: how strongly the photo is
   * coloured throughout, a round view's black surround and deep shadow left out. Skin and fur,
   * however red, keep paler and greyer parts (picture-character.ts, isEyeCameraView).
   */
  readonly litChromaFloor: number;
}

/** L* from which a pixel counts as lit for `litChromaFloor`: above a round view's black surround and its JPEG noise. */
const LIT = 10;
/** C* from which a pixel counts as coloured: past JPEG's chroma noise on grey (about 2–3). */
export const CHROMATIC = 6;
/**
 * A green, for `greenShare`: CIELAB hue from 110° (yellow-green; dry yellow grass and a yellow crust
 * lie below, near 90°) to 200° (cyan), with C* of at least 8 (past JPEG noise and a white fur's
 * faint cast). As unit vectors of the sector's two sides, so that the loop needs no trigonometry.
 */
const GREEN_HUES = { minChroma: 8, from: (110 * Math.PI) / 180, to: (200 * Math.PI) / 180 } as const;
const [GREEN_FROM_A, GREEN_FROM_B] = [Math.cos(GREEN_HUES.from), Math.sin(GREEN_HUES.from)];
const [GREEN_TO_A, GREEN_TO_B] = [Math.cos(GREEN_HUES.to), Math.sin(GREEN_HUES.to)];
/** Pixels visited along the long side at most: a regular sample, about 10,000 pixels of a 4:3 photo. */
const SAMPLES_ALONG = 128;
/** Width of the L* bands within which colours are compared for `tintResidual`. */
const BAND = 5;
/** Chroma histogram bins (one per unit of C*); the last holds everything beyond. */
const CHROMA_BINS = 160;
/** A channel this close to 0 or 255 in all three is clipped: a blown-out or black area, flat in any photo. */
const CLIP = 6;
/** An edge band's width, as a share of the frame's side across it. */
const EDGE_BAND = 0.04;
/** The share of the unclipped pixels whose colours are counted in `dominantColours`. */
const DOMINANT_SHARE = 0.75;

/** CIELAB of the sampled pixels, three values each, reused by every call (each runs to its end without yielding). */
let sampleLab = new Float64Array(0);

/**
 * The sample's pixels in CIELAB, in the order `characterOf` visits them. A loop of its own, so
 * that the conversion is compiled whole (V8 inlines labOfBytes and its cube roots into a small
 * loop); in the larger loop below it was not always, and a double passed to a call that is not
 * inlined becomes a heap object: up to 0.6 MB a photo for the young generation to sweep.
 */
function labOfSample(pixels: Uint8Array, width: number, height: number, step: number): Float64Array {
  const samples = Math.ceil(width / step) * Math.ceil(height / step);
  if (sampleLab.length < samples * 3) sampleLab = new Float64Array(samples * 3);
  for (let y = 0, at = 0; y < height; y += step) {
    for (let x = 0; x < width; x += step, at += 3) {
      const p = (y * width + x) * 3;
      labOfBytes(pixels[p]!, pixels[p + 1]!, pixels[p + 2]!, sampleLab, at);
    }
  }
  return sampleLab;
}

/** The regular sample's step: at most SAMPLES_ALONG pixels along the long side. */
const sampleStep = (width: number, height: number) => Math.max(1, Math.ceil(Math.max(width, height) / SAMPLES_ALONG));

/** Both readings of `image`: every check the gate can make. */
export const characterOf = (image: Pixels): PhotoCharacter => ({ ...paletteOf(image), ...tonesOf(image) });

/**
 * The palette of `image`, from the regular sample: a loop over bytes alone, a third of what the
 * tones cost, and all that an operation that takes any photo with an animal in it reads.
 */
export function paletteOf({ pixels, width, height }: Pixels): PaletteReading {
  const step = sampleStep(width, height);
  const colourCounts = new ColourCounts();
  let count = 0;
  let unclipped = 0;
  let flat = 0;
  const row = width * 3;
  for (let y = 0; y < height; y += step) {
    for (let x = 0; x < width; x += step) {
      const p = (y * width + x) * 3;
      const r = pixels[p]!;
      const g = pixels[p + 1]!;
      const b = pixels[p + 2]!;
      count++;
      const clipped = (r <= CLIP && g <= CLIP && b <= CLIP) || (r >= 255 - CLIP && g >= 255 - CLIP && b >= 255 - CLIP);
      if (!clipped) {
        unclipped++;
        colourCounts.add((r << 16) | (g << 8) | b);
        if (x + 1 < width && y + 1 < height && sameValue(pixels, p, p + 3) && sameValue(pixels, p, p + row)) flat++;
      }
    }
  }
  return {
    ...dominance(colourCounts.take(), unclipped),
    unclippedShare: unclipped / count,
    flatShare: flat / Math.max(1, unclipped),
  };
}

/** Whether the pixels at byte offsets `a` and `b` have exactly one value. */
const sameValue = (pixels: Uint8Array, a: number, b: number) =>
  pixels[a] === pixels[b] && pixels[a + 1] === pixels[b + 1] && pixels[a + 2] === pixels[b + 2];

/** The tones of `image`, read from the same regular sample. */
export function tonesOf({ pixels, width, height }: Pixels): ToneReading {
  const step = sampleStep(width, height);
  const lab = labOfSample(pixels, width, height, step);
  const chromaCounts = new Uint32Array(CHROMA_BINS);
  const litChromaCounts = new Uint32Array(CHROMA_BINS);
  let lit = 0;
  // Per L* band: pixels, and the sums and squares of a* and b*.
  const bands = Array.from({ length: Math.ceil(101 / BAND) }, () => new Float64Array(5));
  let count = 0;
  // Chroma-weighted hue: the sums of a* and b* and of chroma over the coloured pixels.
  const hue = new Float64Array(3);
  // The loop allocates nothing: no per-pixel arrays or closures, every sum of doubles in a typed
  // array (V8 may box a `let` double that a loop adds to), and no double passed to a call.
  // Per edge (top, bottom, left, right): pixels, and the sums of L*, a* and b*.
  const edges = Array.from({ length: 4 }, () => new Float64Array(4));
  const [bandX, bandY] = [Math.max(1, width * EDGE_BAND), Math.max(1, height * EDGE_BAND)];
  let chromatic = 0;
  let green = 0;
  for (let y = 0, at = 0; y < height; y += step) {
    for (let x = 0; x < width; x += step, at += 3) {
      const lightness = lab[at]!;
      const a = lab[at + 1]!;
      const bAxis = lab[at + 2]!;
      const chroma = Math.sqrt(a * a + bAxis * bAxis);
      count++;
      const chromaBin = Math.min(CHROMA_BINS - 1, Math.floor(chroma));
      chromaCounts[chromaBin]!++;
      if (lightness >= LIT) {
        lit++;
        litChromaCounts[chromaBin]!++;
      }
      if (chroma >= CHROMATIC) {
        chromatic++;
        // Unit hue vectors weighted by chroma sum to (a*, b*) itself.
        hue[0]! += a;
        hue[1]! += bAxis;
        hue[2]! += chroma;
        // Within the sector: counter-clockwise of its first side, clockwise of its last (it spans under 180°).
        if (
          chroma >= GREEN_HUES.minChroma &&
          GREEN_FROM_A * bAxis - GREEN_FROM_B * a >= 0 &&
          a * GREEN_TO_B - bAxis * GREEN_TO_A >= 0
        )
          green++;
      }
      const band = bands[Math.min(bands.length - 1, Math.max(0, Math.floor(lightness / BAND)))]!;
      band[0]! += 1;
      band[1]! += a;
      band[2]! += bAxis;
      band[3]! += a * a;
      band[4]! += bAxis * bAxis;
      if (y < bandY) addTo(edges[0]!, lab, at);
      if (y >= height - bandY) addTo(edges[1]!, lab, at);
      if (x < bandX) addTo(edges[2]!, lab, at);
      if (x >= width - bandX) addTo(edges[3]!, lab, at);
    }
  }
  let spread = 0;
  let power = 0;
  for (const [n, a, b, aa, bb] of bands) {
    if (n! > 0) spread += aa! - (a! * a!) / n! + bb! - (b! * b!) / n!;
    power += aa! + bb!;
  }
  return {
    chromaticShare: chromatic / count,
    chromaP99: percentile(chromaCounts, count * 0.99),
    tintResidual: power > 0 ? Math.sqrt(Math.max(0, spread) / power) : 0,
    hueSpread: hueSpreadOf(hue[2]! > 0 ? Math.hypot(hue[0]!, hue[1]!) / hue[2]! : 1),
    hueDrift: hueDriftOf(bands, count),
    toneRange: toneRangeOf(bands, count),
    // A panorama's short side may be thinner than the sample's step: an edge never sampled is left out.
    sideContrast: largestDifference(edges.filter(([n]) => n! > 0).map(([n, l, a, b]) => [l! / n!, a! / n!, b! / n!])),
    greenShare: green / count,
    litChromaFloor: lit > 0 ? percentile(litChromaCounts, lit * 0.1) : 0,
  };
}

/** One more pixel in an edge's sums: its count, L*, a* and b* (the sample's, at `at` in `lab`). */
function addTo(sums: Float64Array, lab: Float64Array, at: number): void {
  sums[0]! += 1;
  sums[1]! += lab[at]!;
  sums[2]! += lab[at + 1]!;
  sums[3]! += lab[at + 2]!;
}

/** Slots of the colour table: a power of two, twice the most pixels a sample visits (128 × 128). */
const TABLE_SLOTS = 1 << 15;
const EMPTY = -1;
/** The colour table, reused by every call (characterOf runs to its end without yielding). */
const tableKeys = new Int32Array(TABLE_SLOTS).fill(EMPTY);
const tableCounts = new Uint32Array(TABLE_SLOTS);
/** The slots in use, in the order first used: what a call reads back and clears, not the whole table. */
const usedSlots = new Int32Array(TABLE_SLOTS);

/**
 * How often each exact RGB value occurs in the sample: an open-addressing table of 24-bit keys in
 * typed arrays, several times faster than a Map of numbers in the hottest loop of a request.
 */
class ColourCounts {
  private used = 0;

  add(colour: number): void {
    let slot = Math.imul(colour, 0x9e3779b1) >>> 17;
    while (tableKeys[slot] !== EMPTY && tableKeys[slot] !== colour) slot = (slot + 1) & (TABLE_SLOTS - 1);
    if (tableKeys[slot] === EMPTY) {
      tableKeys[slot] = colour;
      usedSlots[this.used++] = slot;
    }
    tableCounts[slot]!++;
  }

  /** The counts of the colours seen, in no order; the table is left empty for the next call. */
  take(): Uint32Array {
    const counts = new Uint32Array(this.used);
    for (let i = 0; i < this.used; i++) {
      const slot = usedSlots[i]!;
      counts[i] = tableCounts[slot]!;
      tableKeys[slot] = EMPTY;
      tableCounts[slot] = 0;
    }
    this.used = 0;
    return counts;
  }
}

/** The largest Euclidean distance between two of `colours`. */
function largestDifference(colours: readonly number[][]): number {
  let largest = 0;
  for (const [i, first] of colours.entries())
    for (const second of colours.slice(i + 1))
      largest = Math.max(largest, Math.hypot(...first.map((value, axis) => value - second[axis]!)));
  return largest;
}

/** A lightness band counts for hueDrift when it holds this share of the sampled pixels. */
const BAND_SHARE = 0.03;

/** The largest difference of mean hue, in degrees, between two bands of `bands` (sums per L* band) with BAND_SHARE of `count` and colour. */
function hueDriftOf(bands: readonly Float64Array[], count: number): number {
  const hues: number[] = [];
  for (const [n, a, b] of bands)
    if (n! >= count * BAND_SHARE && Math.hypot(a!, b!) / n! >= CHROMATIC) hues.push(Math.atan2(b!, a!));
  let drift = 0;
  for (const [i, first] of hues.entries())
    for (const second of hues.slice(i + 1)) {
      const apart = Math.abs(first - second) % (2 * Math.PI);
      drift = Math.max(drift, Math.min(apart, 2 * Math.PI - apart));
    }
  return (drift * 180) / Math.PI;
}

/** ToneReading.toneRange: from the band holding the 5th percentile of L* to the one holding the 95th. */
function toneRangeOf(bands: readonly Float64Array[], count: number): number {
  const counts = Uint32Array.from(bands, ([n]) => n!);
  return (percentile(counts, count * 0.95) - percentile(counts, count * 0.05)) * BAND;
}

/** The circular standard deviation, in degrees, of hues whose mean resultant length is `resultant`. */
const hueSpreadOf = (resultant: number) => (Math.sqrt(-2 * Math.log(Math.max(resultant, 1e-9))) * 180) / Math.PI;

/** The histogram bin at which `rank` pixels are reached. */
function percentile(counts: Uint32Array, rank: number): number {
  let seen = 0;
  for (let bin = 0; bin < counts.length; bin++) {
    seen += counts[bin]!;
    if (seen >= rank) return bin;
  }
  return counts.length - 1;
}

/** How many of the most frequent colours it takes to cover DOMINANT_SHARE of `total` pixels, and the first one's share. */
function dominance(counts: Uint32Array, total: number): { dominantColours: number; topColourShare: number } {
  // A typed array sorts numerically in native code; read from its end, most frequent first.
  counts.sort();
  const last = counts.length - 1;
  const topColourShare = total > 0 ? (counts[last] ?? 0) / total : 0;
  let covered = 0;
  for (let i = last; i >= 0; i--) {
    covered += counts[i]!;
    if (covered >= total * DOMINANT_SHARE) return { dominantColours: last - i + 1, topColourShare };
  }
  return { dominantColours: counts.length, topColourShare };
}
