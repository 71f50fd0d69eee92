import type { ColourName } from '../../vision/tables/colour-palette.js';
import type { z } from 'zod';
import { HOME_CARE_MIN_ITEMS, type HealthSeverity } from '../../contract/data-fields.js';
import type { DataShape, Operation } from '../operation.js';
import type { Words } from '../operation-words.js';
import { assessHealth } from './assess-health.js';
import type { HealthAssessment, HeadRole } from './health-assessment.js';
import { withHeadReading } from './head-judgement.js';
import { readTrainedHead } from '../../vision/heads/trained-head-model.js';
import { healthFacts } from './health-facts.js';
import type { HealthWords } from './health-words.js';
import { type HealthFields, mergeHealthFields } from './merge-health.js';
import type { HealthText } from './health-text.js';
import { narrateHealth } from './narrate-health.js';
import type { RuleTable } from './rule-table.js';
import { paletteNaming, type ColourNaming } from '../../vision/pixels/colour-reading.js';
import { locatedShares, type LocatedReading } from './located-shares.js';
import { withScopeShares } from '../../vision/colour-quality-model.js';

/** What the language model writes for every health operation; each adds the label it alone fills. */
export const HEALTH_LLM_FIELDS = { severity: true, summary: true, home_care: true, vet_advice: true } as const;

/** What a health operation's data is made from: the severity, the shared text, the findings past the gate, its words. */
export interface HealthAnswer<W extends HealthWords = HealthWords> {
  readonly severity: HealthSeverity;
  readonly text: HealthText;
  /** Undefined when the gate refused the photo. */
  readonly assessment: HealthAssessment | undefined;
  /** The operation's words in the request's language. */
  readonly words: W;
}

export interface HealthOperation<
  K extends string = string,
  Data extends DataShape = DataShape,
  Fields extends DataShape = DataShape,
> extends Operation<K, Data, HealthAssessment, Fields> {
  /** The clinical table the operation's severity head is compiled from (docs/design.md §5). */
  readonly rules: RuleTable;
}

export interface HealthOperationSpec<
  K extends string,
  Data extends DataShape,
  Fields extends DataShape,
  W extends HealthWords,
> extends Pick<HealthOperation<K, Data, Fields>, 'key' | 'path' | 'title' | 'data' | 'rules' | 'needs'> {
  readonly words: Words<W>;
  /** What the model writes: HEALTH_LLM_FIELDS and the operation's own label. */
  readonly llmFields: Fields;
  /** The operation's own labels, whose words must be in the request's language. */
  readonly labelFields: readonly (keyof Fields['shape'] & string)[];
  /**
   * How a located subject's own pixels are named, where a localizer found it: the operation's own
   * naming, calibrated on real photos of its subject (stool-colours.ts); the palette's otherwise.
   */
  readonly locatedNaming?: ColourNaming;
  /** The colours the ground lends its located subject (a lawn's green on a stool): located-shares.ts. */
  readonly groundLends?: readonly (readonly ColourName[])[];
  /** What grey and white in its located subject are read as in a washed-out photo, where pale is a finding (a stool's pale clay): located-shares.ts. */
  readonly washedOutPale?: ColourName;
  /** The field a head the clinic trained fills, and whether its label is the finding or one more aspect of it (HeadRole). */
  readonly head: { readonly field: keyof z.infer<Data> & string; readonly role: HeadRole };
  /** The shared answer → this operation's data fields. */
  toData(answer: HealthAnswer<W>): z.infer<Data>;
  /** The model's answer over the built-in one, once the fields every health answer shares are merged (`shared`): the operation's own. */
  merge(
    shared: HealthFields,
    measured: z.infer<Data>,
    model: z.infer<Fields>,
    assessment: HealthAssessment,
  ): z.infer<Data>;
}

/**
 * The machinery the five health operations share: the severity head judges the table's rules,
 * the operation's words word the answer, and the model is told the measured colours and findings.
 */
export function healthOperation<
  K extends string,
  Data extends DataShape,
  Fields extends DataShape,
  W extends HealthWords,
>(spec: HealthOperationSpec<K, Data, Fields, W>): HealthOperation<K, Data, Fields> {
  const { key, rules, words } = spec;
  const located: LocatedReading = {
    naming: spec.locatedNaming ?? paletteNaming,
    litOnly: spec.needs.blackIsAFinding === true,
    groundLends: spec.groundLends ?? [],
    washedOutPale: spec.washedOutPale,
    expected: rules.rules.flatMap((rule) =>
      rule.severity === 'normal'
        ? rule.when.flatMap((condition) => ('colours' in condition ? condition.colours : []))
        : [],
    ),
  };
  return {
    key,
    path: spec.path,
    title: spec.title,
    data: spec.data,
    rules,
    needs: spec.needs,
    reads: { colours: true, species: false },
    headField: spec.head.field,
    words,
    judge: async ({ colour, features, thumbnail, subject }, _input, heads) => {
      if (!colour) throw new Error(`${key} reads colours, but the colour analyser did not run`);
      const head = heads.severity;
      if (!head) throw new Error(`no severity head was loaded for ${key}`);
      // Where a localizer found the subject, the rules read its own pixels (docs/design.md §13), less
      // what the photo cannot tell apart there: crushed shadows, its ground's colours on it, a washed-out grey.
      const read = subject ? withScopeShares(colour, rules.scope, locatedShares(subject, located)) : colour;
      const assessment = await assessHealth(rules, read, head);
      const reading = await readTrainedHead(heads.trained, features, thumbnail);
      return reading ? withHeadReading(assessment, reading, spec.head.role, spec.head.field) : assessment;
    },
    answer: (verdict, language, scene) => {
      const assessment = verdict.judged ? verdict.findings : undefined;
      const text = narrateHealth(words[language], verdict, language, scene);
      return spec.toData({
        severity: assessment?.severity ?? 'inconclusive',
        text,
        assessment,
        words: words[language],
      });
    },
    // A verdict is charged, the rules' or the model's; no rule fired, or a normal withheld, with no
    // model to read what colour cannot, assessed nothing (docs/design.md §10).
    assessed: (_assessment, answer) => answer.severity !== 'inconclusive',
    llm: {
      fields: spec.llmFields,
      labelFields: spec.labelFields,
      facts: (assessment, language) => healthFacts(assessment, language, words[language]),
      limitation: (language) => words[language].limitation,
      // Advice the model leaves short is the built-in answer's: at least the contract's two home
      // care items, and the vet advice the measurements call for.
      fromFallback: { topUp: { home_care: HOME_CARE_MIN_ITEMS }, ifMissing: ['vet_advice'] },
    },
    merge: (assessment, measured, model, language) => {
      const shared = mergeHealthFields(assessment, healthFieldsOf(measured), healthFieldsOf(model), words[language]);
      return spec.merge(shared, measured, model, assessment);
    },
  };
}

/** The shared fields of a health operation's data or model fields: both are built with HEALTH_LLM_FIELDS' fields. */
const healthFieldsOf = (fields: unknown) => fields as HealthFields;

/** The text fields of a health answer, from the shared text. */
export const textFields = (text: HealthText) => ({
  summary: text.summary,
  home_care: text.homeCare,
  vet_advice: text.vetAdvice,
});
