import type { z } from 'zod';
import type { HealthAssessment, RuleTable } from '../analysis/findings.js';
import type { HealthSeverity } from '../contract/data-fields.js';
import type { Language } from '../contract/language.js';
import type { HealthOperationKey } from '../contract/operation-keys.js';
import { localeFor } from '../narration/locales/locale-for.js';
import { narrateHealth, withRedFlagAdvice, type HealthText } from '../narration/narrate-health.js';
import type { ColourName } from '../vision/tables/colour-palette.js';
import { assessHealth } from './assess-health.js';
import type { DataShape, Operation } from './operation.js';

/** What the language model writes for every health operation; each adds the label it alone fills. */
export const HEALTH_LLM_FIELDS = { severity: true, summary: true, home_care: true, vet_advice: true } as const;

/** The fields every health answer shares, and the severity they were written for. */
interface HealthFields {
  readonly severity: HealthSeverity;
  readonly summary: string;
  readonly home_care: string[];
  readonly vet_advice: string[];
}

/** What a health operation's data is made from: the severity, the shared text, and the findings past the gate. */
export interface HealthAnswer {
  readonly severity: HealthSeverity;
  readonly text: HealthText;
  /** Undefined when the gate refused the photo. */
  readonly assessment: HealthAssessment | undefined;
}

export interface HealthOperation<
  K extends HealthOperationKey = HealthOperationKey,
  Data extends DataShape = DataShape,
  Fields extends DataShape = DataShape,
> extends Operation<K, Data, HealthAssessment, Fields> {
  /** The clinical table the operation's severity head is compiled from (DESIGN.md §5). */
  readonly rules: RuleTable;
}

export interface HealthOperationSpec<K extends HealthOperationKey, Data extends DataShape, Fields extends DataShape>
  extends Pick<HealthOperation<K, Data, Fields>, 'key' | 'path' | 'title' | 'data' | 'rules' | 'needs' | 'merge'> {
  /** What the model writes: HEALTH_LLM_FIELDS and the operation's own label. */
  readonly llmFields: Fields;
  /** The shared answer → this operation's data fields. */
  toData(answer: HealthAnswer, language: Language): z.infer<Data>;
}

/**
 * The machinery the five health operations share: the severity head judges the table's rules,
 * the templates word the answer, and the model is told the measured colours and findings.
 */
export function healthOperation<K extends HealthOperationKey, Data extends DataShape, Fields extends DataShape>(
  spec: HealthOperationSpec<K, Data, Fields>,
): HealthOperation<K, Data, Fields> {
  const { key, rules } = spec;
  return {
    key,
    path: spec.path,
    title: spec.title,
    data: spec.data,
    rules,
    needs: spec.needs,
    reads: { colours: true, species: false },
    judge: ({ colour }, _input, models) => {
      if (!colour) throw new Error(`${key} reads colours, but the colour analyser did not run`);
      return assessHealth(key, rules, colour, models.heads[key]);
    },
    answer: (verdict, language, scene) => {
      const assessment = verdict.judged ? verdict.findings : undefined;
      const text = narrateHealth(key, verdict, language, scene.detected);
      return spec.toData({ severity: assessment?.severity ?? 'inconclusive', text, assessment }, language);
    },
    assessed: () => true,
    llm: {
      fields: spec.llmFields,
      facts: healthFacts,
      limitation: (language) => localeFor(language).limitationSentence[key],
    },
    merge: spec.merge,
  };
}

/** The text fields of a health answer, from the shared text. */
export const textFields = (text: HealthText) => ({
  summary: text.summary,
  home_care: text.homeCare,
  vet_advice: text.vetAdvice,
});

const CAUTION: Readonly<Record<Exclude<HealthSeverity, 'inconclusive'>, number>> = {
  normal: 0,
  mild: 1,
  moderate: 2,
  severe: 3,
};

/**
 * The more cautious of the rules' and the model's severity. "inconclusive" is no opinion: the
 * other side decides. So a red flag from the rules can never be lowered by the model.
 */
function moreCautious(rules: HealthSeverity, model: HealthSeverity): HealthSeverity {
  if (rules === 'inconclusive') return model;
  if (model === 'inconclusive') return rules;
  return CAUTION[model] > CAUTION[rules] ? model : rules;
}

/**
 * The merge every health operation starts from: severity is the more cautious of rules and model;
 * the model's text is kept unless the rules overruled its severity (it was written for a milder
 * judgement, so the on-device text stands); the red flags' vet advice always stays.
 */
export function mergeHealthFields(
  assessment: HealthAssessment,
  measured: HealthFields,
  model: HealthFields,
  language: Language,
): HealthFields {
  const severity = moreCautious(assessment.severity, model.severity);
  if (severity !== model.severity)
    return { severity, summary: measured.summary, home_care: measured.home_care, vet_advice: measured.vet_advice };
  return {
    severity,
    summary: model.summary,
    home_care: model.home_care,
    vet_advice: withRedFlagAdvice(model.vet_advice, assessment, language),
  };
}

/** Colours worth telling the model about: at least this share of where they were measured. */
const MENTIONED_SHARE = 0.05;
const percent = (share: number) => Math.round(share * 100);

/** The measured colours, the rules' finding and any red flag, as the model is told them. */
function healthFacts(assessment: HealthAssessment, language: Language): string[] {
  const t = localeFor(language);
  const colours = (Object.entries(assessment.shares) as Array<[ColourName, number]>)
    .filter(([, share]) => share >= MENTIONED_SHARE)
    .sort((a, b) => b[1] - a[1])
    .map(([name, share]) => `${t.colourNames[name]} ${percent(share)}%`);
  const main = assessment.mainFinding;
  const label = main && t.findings[assessment.operation][main.id]?.label;
  return [
    t.prompt.coloursLine(assessment.scope, t.joinList(colours)),
    main && label ? t.prompt.findingLine(label, assessment.severity) : t.prompt.noFinding,
    ...(main?.redFlag && label ? [t.prompt.redFlagLine(label, assessment.severity)] : []),
  ];
}
