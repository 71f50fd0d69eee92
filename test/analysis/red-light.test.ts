import { describe, expect, it } from 'vitest';
import { QUALITY_LIMITS } from '../../src/analysis/limits/quality-limits.js';
import { redOfTheLight } from '../../src/analysis/red-light.js';
import { STOOL_RULES } from '../../src/operations/stool/stool-rules.js';
import type { SubjectPixels } from '../../src/vision/localizer/subject-pixels.js';

/** A located subject's blocks: its lit blocks all of CIELAB a* `subjectA`, its ground's all of `groundA`. */
const subjectOn = (subjectA: number, groundA: number): SubjectPixels => {
  const blocks = (a: number) => new Float32Array(Array.from({ length: 20 }, () => [45, a, 20]).flat());
  return {
    lab: blocks(subjectA),
    litLab: blocks(subjectA),
    groundLab: blocks(groundA),
    standsOut: true,
    ownShare: 1,
    crushedShare: 0,
    blackLevel: 12,
  };
};
const rule = (id: string) => STOOL_RULES.rules.find((one) => one.id === id)!;
const { groundA, subjectAbove } = QUALITY_LIMITS.redGround;

describe('red of the light: a finding of blood where the ground is as red', () => {
  it('takes red the ground shows as much of for the light’s or the surface’s, from the limit on', () => {
    for (const id of ['fresh_blood', 'heavy_blood']) {
      expect(redOfTheLight(subjectOn(groundA, groundA), rule(id))).toBe(true);
      expect(redOfTheLight(subjectOn(groundA + subjectAbove - 0.5, groundA), rule(id))).toBe(true);
      // The ground just under the limit (dry grass, earth) is no red light.
      expect(redOfTheLight(subjectOn(groundA - 0.5, groundA - 0.5), rule(id))).toBe(false);
    }
  });

  it('keeps red clearly redder than a red ground: blood on red clay can still show', () => {
    expect(redOfTheLight(subjectOn(groundA + subjectAbove, groundA), rule('fresh_blood'))).toBe(false);
    expect(redOfTheLight(subjectOn(40, 20), rule('heavy_blood'))).toBe(false);
  });

  it('asks it of red findings only: black, pale or green stool is not read from red', () => {
    for (const id of ['melena', 'pale_clay', 'yellow_orange', 'green'])
      expect(redOfTheLight(subjectOn(30, 30), rule(id))).toBe(false);
    expect(redOfTheLight(subjectOn(30, 30), undefined)).toBe(false);
  });

  it('says nothing where no ground or no lit block was read', () => {
    const subject = subjectOn(30, 30);
    expect(redOfTheLight({ ...subject, groundLab: new Float32Array() }, rule('fresh_blood'))).toBe(false);
    expect(redOfTheLight({ ...subject, litLab: new Float32Array() }, rule('fresh_blood'))).toBe(false);
  });
});
