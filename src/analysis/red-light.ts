import type { Rule } from '../operations/health/rule-table.js';
import type { SubjectPixels } from '../vision/localizer/subject-pixels.js';
import type { ColourName } from '../vision/tables/colour-palette.js';
import { QUALITY_LIMITS } from './limits/quality-limits.js';

/** The colours a finding of blood is read from. */
const REDS: readonly ColourName[] = ['red', 'dark_red'];

/** Whether a rule's finding rests on red: one of its conditions counts only red colours. */
const restsOnRed = (rule: Rule) =>
  rule.when.some((condition) => 'colours' in condition && condition.colours.every((name) => REDS.includes(name)));

/** The median of every third value of `lab` from `offset` (1: a*). */
function medianOf(lab: Float32Array, offset: number): number {
  const values: number[] = [];
  for (let i = offset; i < lab.length; i += 3) values.push(lab[i]!);
  values.sort((a, b) => a - b);
  return values.length > 0 ? values[Math.floor(values.length / 2)]! : Number.NaN;
}

/**
 * Whether the red a located subject's finding rests on is its ground's too: a red light, a filter
 * or a red surface, not blood (QUALITY_LIMITS.redGround). Its colours cannot say which.
 */
export function redOfTheLight(subject: SubjectPixels, finding: Rule | undefined): boolean {
  if (!finding || !restsOnRed(finding) || subject.groundLab.length === 0 || subject.litLab.length === 0) return false;
  const { groundA, subjectAbove } = QUALITY_LIMITS.redGround;
  const ground = medianOf(subject.groundLab, 1);
  return ground >= groundA && medianOf(subject.litLab, 1) < ground + subjectAbove;
}
