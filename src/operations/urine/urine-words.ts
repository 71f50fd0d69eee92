import type { HealthWords } from '../health/health-words.js';
import type { UrineRuleId } from './urine-rules.js';

export interface UrineWords extends HealthWords<UrineRuleId> {
  /** The clarity field: the grey haze the `cloudy` rule reads, or none seen (a weak proxy in a photo). */
  readonly clarity: { readonly cloudy: string; readonly clear: string };
}
