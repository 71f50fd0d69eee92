import type { OperationData, OperationKey } from '../contract/operation-contracts.js';
import type { AnalysisInput } from './analysis-input.js';

/**
 * The seam between HTTP and analysis: the HTTP layer hands over a decoded photo and gets back
 * the operation's `data`, which it checks against the closed schema before sending. Vision,
 * rules and narration live behind this interface, so they change without touching routes.
 */
export interface Analyzer {
  analyze<K extends OperationKey>(operation: K, input: AnalysisInput): Promise<OperationData<K>>;
}
