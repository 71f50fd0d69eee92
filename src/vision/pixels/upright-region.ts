import { largestLitRectangle, type Span, type Turn, turnBack } from './lit-area.js';
import type { Region } from './region.js';

/** Rows (and columns) of samples the upright photo's rectangle is found in, at most: to within half a percent, as the lit area is. */
const SAMPLES_ALONG = 200;

interface Size {
  readonly width: number;
  readonly height: number;
}

/**
 * Where the photo inside `frame`, turned onto it by `turn`, lies once the frame is turned back by
 * −turn.degrees onto a canvas grown to hold it all (turnDecodedImage): the largest upright
 * rectangle within both the photo's reach along its own axes and the frame (a photo turned and cut
 * to its frame, as augmentations do, lost its corners to it), in the turned canvas's pixels. Drawn
 * from the geometry, not from the turned pixels: a dark patch of the photo along an edge would read
 * as the surround there. A sample in from each side: the reach was read from samples, and the
 * turn's edges blend with the surround.
 */
export function uprightRegion(turn: Turn, frame: Size): Region | undefined {
  const { cos, sin, map } = turnBack(turn.degrees);
  // The turned canvas starts at the frame's least corner turned back.
  const corners = [map(0, 0), map(frame.width, 0), map(0, frame.height), map(frame.width, frame.height)];
  const [acrossFrom, downFrom] = [Math.min(...corners.map(([u]) => u)), Math.min(...corners.map(([, v]) => v))];
  const canvas = {
    width: Math.max(...corners.map(([u]) => u)) - acrossFrom,
    height: Math.max(...corners.map(([, v]) => v)) - downFrom,
  };
  const step = Math.max(1, Math.max(canvas.width, canvas.height) / SAMPLES_ALONG);
  const spans: Array<Span | undefined> = [];
  for (let row = 0; row * step <= canvas.height; row++) {
    const v = downFrom + row * step;
    const [from, to] = acrossWithin(turn, frame, v, cos, sin, step);
    const [start, end] = [Math.ceil((from - acrossFrom) / step), Math.floor((to - acrossFrom) / step)];
    spans.push(end > start ? { start, end } : undefined);
  }
  const inside = largestLitRectangle(spans);
  return (
    inside && {
      left: Math.round(inside.left * step),
      top: Math.round(inside.top * step),
      width: Math.floor(Math.min(inside.width * step, canvas.width - inside.left * step)),
      height: Math.floor(Math.min((inside.height - 1) * step, canvas.height - inside.top * step)),
    }
  );
}

/**
 * Where along the turned-back row at `v` the photo lies: within its reach along its rows
 * (Turn.across), and where the frame's pixels are, (u cos − v sin, u sin + v cos) inside it; `margin`
 * in from each.
 */
function acrossWithin(turn: Turn, frame: Size, v: number, cos: number, sin: number, margin: number): [number, number] {
  if (v < turn.down[0] + margin || v > turn.down[1] - margin) return [0, 0];
  let [from, to] = [turn.across[0] + margin, turn.across[1] - margin];
  // x = u cos − v sin within the frame's width (cos > 0: turns are within ±45°).
  from = Math.max(from, (margin + v * sin) / cos);
  to = Math.min(to, (frame.width - margin + v * sin) / cos);
  // y = u sin + v cos within its height.
  if (Math.abs(sin) > 1e-9) {
    const [a, b] = [(margin - v * cos) / sin, (frame.height - margin - v * cos) / sin];
    from = Math.max(from, Math.min(a, b));
    to = Math.min(to, Math.max(a, b));
  }
  return [from, to];
}
