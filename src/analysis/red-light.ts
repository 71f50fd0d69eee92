import type { Rule } from '../operations/health/rule-table.js';
import { labQuantile, type SubjectPixels } from '../vision/localizer/subject-pixels.js';
import type { ColourName } from '../vision/tables/colour-palette.js';
import { QUALITY_LIMITS } from './limits/quality-limits.js';

/** The colours a finding of blood is read from. */
const REDS: readonly ColourName[] = ['red', 'dark_red'];

/** Whether a rule's finding rests on red: one of its conditions counts only red colours. */
const restsOnRed = (rule: Rule) =>
  rule.when.some((condition) => 'colours' in condition && condition.colours.every((name) => REDS.includes(name)));

/**
 * Whether the red a located subject's finding rests on is its ground's too: a red light, a filter
 * or a red surface, not blood (QUALITY_LIMITS.redGround). Its colours cannot say which.
 */
export function redOfTheLight(subject: SubjectPixels, finding: Rule | undefined): boolean {
  if (!finding || !restsOnRed(finding)) return false;
  const { groundA, subjectAbove } = QUALITY_LIMITS.redGround;
  // The median a* of the ground's blocks and of the subject's lit ones.
  const ground = labQuantile(1, 0.5, subject.groundLab);
  const own = labQuantile(1, 0.5, subject.litLab);
  return ground !== undefined && own !== undefined && ground >= groundA && own < ground + subjectAbove;
}
