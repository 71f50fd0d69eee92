import type { BreedData, HealthSeverity } from '../../contract/data-shapes.js';
import type { OperationData, OperationKey } from '../../contract/operation-contracts.js';
import type { OnDeviceResult } from '../../operations/on-device-analysis.js';
import { STOOL_HEALTH_SCORES } from '../../operations/stool-analysis.js';
import type { LlmFields } from './llm-fields.js';

/** A classifier at least this sure of a breed is a measured fact the LLM cannot overrule. */
export const CONFIDENT_BREED = 0.5;
/** A classifier that gives pets together less than this is sure there is no pet. */
export const SURELY_NO_PET = 0.05;

const CAUTION: Readonly<Record<Exclude<HealthSeverity, 'inconclusive'>, number>> = { normal: 0, mild: 1, moderate: 2, severe: 3 };

/**
 * The more cautious of the rules' and the model's severity. "inconclusive" is no opinion: the
 * other side decides. So a red flag from the rules can never be lowered by the model.
 */
export function moreCautious(rules: HealthSeverity, model: HealthSeverity): HealthSeverity {
  if (rules === 'inconclusive') return model;
  if (model === 'inconclusive') return rules;
  return CAUTION[model] > CAUTION[rules] ? model : rules;
}

type HealthFields = { severity: HealthSeverity; summary: string; home_care: string[]; vet_advice: string[] };

/**
 * Merge policy (issue 4): measured facts win (colours, a confident classifier, the quality gate);
 * severity is the more cautious of rules and model; the model supplies what vision cannot see
 * (consistency, condition names, vomit detail, emotion) and the text. When the rules overrule the
 * model's severity, the model's text was written for a milder judgement, so the on-device text is
 * kept with the model's observations.
 */
export function mergeAnswer<K extends OperationKey>(onDevice: OnDeviceResult<K>, fields: LlmFields<K>): OperationData<K> {
  const key: OperationKey = onDevice.operation;
  if (key === 'emotion') return fields as OperationData<K>;
  if (key === 'breed') return mergeBreed(onDevice as OnDeviceResult<'breed'>, fields as LlmFields<'breed'>) as OperationData<K>;

  const model = fields as LlmFields<K> & HealthFields;
  const measured = onDevice.data as OperationData<K> & HealthFields;
  const rules = onDevice.assessment?.severity ?? 'inconclusive';
  const severity = moreCautious(rules, model.severity);
  const overruled = severity !== model.severity;
  const redFlag = onDevice.assessment?.findings.some((rule) => rule.redFlag) ?? false;
  const text = overruled
    ? { summary: measured.summary, home_care: measured.home_care, vet_advice: measured.vet_advice }
    : {
        summary: model.summary,
        home_care: model.home_care,
        // Urgent advice from a red flag always stays, whatever the model wrote.
        vet_advice: redFlag ? [...new Set([...model.vet_advice, ...measured.vet_advice])] : model.vet_advice,
      };

  switch (key) {
    case 'stool': {
      const m = model as unknown as LlmFields<'stool'>;
      const d = measured as unknown as OperationData<'stool'>;
      return { ...d, ...text, severity, health_score: STOOL_HEALTH_SCORES[severity], consistency: m.consistency } as OperationData<K>;
    }
    case 'vomit': {
      const m = model as unknown as LlmFields<'vomit'>;
      const d = measured as unknown as OperationData<'vomit'>;
      // A red-flag type (coffee grounds, blood) is a measured fact; otherwise the model's detail.
      const vomitType = redFlag ? d.vomit_type : m.vomit_type;
      return { ...d, ...text, severity: severity === 'normal' ? 'mild' : severity, vomit_type: vomitType } as OperationData<K>;
    }
    case 'urine': {
      const m = model as unknown as LlmFields<'urine'>;
      return { ...(measured as unknown as OperationData<'urine'>), ...text, severity, clarity: m.clarity } as OperationData<K>;
    }
    case 'skin':
    case 'ear': {
      const m = model as unknown as LlmFields<'skin'>;
      return { ...(measured as unknown as OperationData<'skin'>), ...text, severity, condition: m.condition } as OperationData<K>;
    }
    default: {
      const unknown: never = key;
      throw new Error(`no merge for ${String(unknown)}`);
    }
  }
}

const mentions = (text: string, name: string) => text.toLowerCase().includes(name.toLowerCase());

function mergeBreed(onDevice: OnDeviceResult<'breed'>, model: BreedData): BreedData {
  const { pet, data } = onDevice;
  if (!pet) return model; // no classifier: the model is the only judge
  if (!pet.species) return pet.speciesProbability < SURELY_NO_PET ? data : model;
  if (pet.breed && pet.breedProbability >= CONFIDENT_BREED) {
    // The classifier's species and breed stand; the model's summary only if it names that breed.
    return mentions(model.breed, data.breed) || mentions(model.summary, data.breed) ? { ...data, summary: model.summary } : data;
  }
  return mentions(model.species, data.species) ? model : data;
}
