import type { HealthOperationKey } from '../../contract/operation-contracts.js';
import { EAR_RULES } from './ear-rules.js';
import type { RuleTable } from './rule-table.js';
import { SKIN_RULES } from './skin-rules.js';
import { STOOL_RULES } from './stool-rules.js';
import { URINE_RULES } from './urine-rules.js';
import { VOMIT_RULES } from './vomit-rules.js';

export const RULE_TABLES: Readonly<Record<HealthOperationKey, RuleTable>> = {
  stool: STOOL_RULES,
  vomit: VOMIT_RULES,
  urine: URINE_RULES,
  skin: SKIN_RULES,
  ear: EAR_RULES,
};
