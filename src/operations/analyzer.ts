import type { OperationData, OperationKey } from '../contract/operation-contracts.js';
import type { AnalysisInput } from './analysis-input.js';

/** What the caller of an analysis may want to hear while it runs. */
export interface AnalysisHooks {
  /**
   * Called once the on-device stage (decode is before it; models, rules, templates) is done and
   * before any wait for the language model: the HTTP route hands its CPU slot on at this point.
   */
  readonly onDeviceDone?: () => void;
}

/**
 * The seam between HTTP and analysis: the HTTP layer hands over a decoded photo and gets back
 * the operation's `data`, which it checks against the closed schema before sending. Vision,
 * rules and narration live behind this interface, so they change without touching routes.
 */
export interface Analyzer {
  analyze<K extends OperationKey>(operation: K, input: AnalysisInput, hooks?: AnalysisHooks): Promise<OperationData<K>>;
}
