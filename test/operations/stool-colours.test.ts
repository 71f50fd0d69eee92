import { describe, expect, it } from 'vitest';
import { stoolColourNaming } from '../../src/operations/stool/stool-colours.js';

/** CIELAB from lightness, chroma and hue (degrees). */
const lch = (lightness: number, chroma: number, hue: number) =>
  stoolColourNaming(lightness, chroma * Math.cos((hue * Math.PI) / 180), chroma * Math.sin((hue * Math.PI) / 180));

describe('the colours of a located stool, as real photos show them', () => {
  it.each([
    // What ordinary stools measured on the real photos: dark, nearly without colour, hue as noise.
    ['a median stool', lch(29, 9, 72), 'brown'],
    ['a dark stool in shade', lch(20, 5, 60), 'dark_brown'],
    ['a grey-cast dark stool', lch(24, 4, 200), 'dark_brown'],
    ['a light, sunlit one', lch(50, 12, 70), 'light_brown'],
    ['a reddish-brown one', lch(35, 25, 35), 'brown'],
    // What is unmistakable.
    ['tarry black', lch(8, 2, 50), 'black'],
    ['fresh blood', lch(42, 50, 30), 'red'],
    ['dark blood', lch(22, 40, 20), 'dark_red'],
    ['grass-green matter', lch(45, 30, 130), 'green'],
    ['yellow', lch(70, 50, 85), 'yellow'],
    ['orange', lch(60, 55, 60), 'orange'],
    ['clay', lch(70, 8, 80), 'grey'],
    ['chalky white', lch(90, 4, 80), 'white'],
  ])('%s', (_what, named, expected) => {
    expect(named).toBe(expected);
  });
});
