import type { HealthWords } from '../health/health-words.js';
import type { StoolRuleId } from './stool-rules.js';

export interface StoolWords extends HealthWords<StoolRuleId> {
  /** The consistency field when only colour was measured: texture is beyond a colour measurement. */
  readonly consistencyNotAssessed: string;
}
