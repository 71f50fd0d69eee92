import type { OperationData, OperationKey } from '../contract/operation-contracts.js';
import { UNASSESSED_TEXT } from '../narration/templates/unassessed-text.js';
import type { AnalysisInput } from './analysis-input.js';

/**
 * Stool's health_score when nothing was judged: the midpoint of the 1–10 scale. The schema needs
 * an integer; `severity: "inconclusive"` is what tells a client the score carries no finding.
 */
export const INCONCLUSIVE_HEALTH_SCORE = 5;

/**
 * The honest answer of an operation whose analysis is unavailable: `inconclusive` where the enum
 * has it, zero confidence, labels that say "not assessed", and a summary that says why.
 */
export function unassessedResult<K extends OperationKey>(operation: K, input: AnalysisInput): OperationData<K> {
  const text = UNASSESSED_TEXT[input.language];
  const photo = `${input.image.sourceWidth}×${input.image.sourceHeight} ${input.image.format.toUpperCase()}`;
  const summary = text.summary(text.subject[operation], photo);
  const health = {
    severity: 'inconclusive' as const,
    summary,
    home_care: [...text.homeCare],
    vet_advice: [...text.vetAdvice],
  };
  const key: OperationKey = operation;
  switch (key) {
    case 'stool':
      return {
        ...health,
        health_score: INCONCLUSIVE_HEALTH_SCORE,
        health_score_max: 10,
        color: text.notAssessed,
        consistency: text.notAssessed,
      } satisfies OperationData<'stool'> as OperationData<K>;
    case 'vomit':
      return { ...health, vomit_type: text.notAssessed, color: text.notAssessed } satisfies OperationData<'vomit'> as OperationData<K>;
    case 'urine':
      return { ...health, color: text.notAssessed, clarity: text.notAssessed } satisfies OperationData<'urine'> as OperationData<K>;
    case 'skin':
    case 'ear':
      return { ...health, condition: text.notAssessed } satisfies OperationData<'skin'> as OperationData<K>;
    case 'emotion':
      return { emotion: text.notAssessed, confidence: 0, summary } satisfies OperationData<'emotion'> as OperationData<K>;
    case 'breed':
      return { species: text.notAssessed, breed: text.notAssessed, confidence: 0, summary } satisfies OperationData<'breed'> as OperationData<K>;
    default: {
      const unknown: never = key;
      throw new Error(`unknown operation ${String(unknown)}`);
    }
  }
}

/** The analyzer of a host with no analysis stages: every operation answers unassessed. */
export const unassessedAnalyzer = {
  async analyze<K extends OperationKey>(operation: K, input: AnalysisInput): Promise<OperationData<K>> {
    return unassessedResult(operation, input);
  },
};
