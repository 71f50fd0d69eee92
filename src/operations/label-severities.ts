import type { z } from 'zod';
import type { HeadLabel } from '../vision/runtime/head-labels.js';
import { HEALTH_OPERATION_KEYS, OPERATIONS, type OperationKey } from './registry.js';

/**
 * What is wrong with a head's labels' severities for its operation, in a phrase, or undefined: a
 * health operation's label needs one, and only one its answers can carry (asked of the operation's
 * own schema: vomit's lack `normal`). Checked when a head is trained and again when pawlens starts,
 * so an edited manifest cannot make an answer its schema refuses (a 500).
 */
export function labelSeverityProblem(
  operation: OperationKey,
  labels: Readonly<Record<string, Pick<HeadLabel, 'severity'>>>,
): string | undefined {
  const health = (HEALTH_OPERATION_KEYS as readonly string[]).includes(operation);
  const severities = (OPERATIONS[operation].data.shape as { severity?: z.ZodEnum }).severity;
  for (const [label, { severity }] of Object.entries(labels)) {
    if (health && !severity)
      return `label "${label}" needs a severity (normal, mild, moderate or severe) for ${operation}`;
    if (severity && severities && !severities.safeParse(severity).success)
      return `label "${label}" is "${severity}", which a ${operation} answer cannot be (its severities: ${severities.options.filter((option) => option !== 'inconclusive').join(', ')})`;
  }
  return undefined;
}
