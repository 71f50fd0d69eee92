import { type MadeBy, modelsRead, type ModelUsed } from './made-by.js';
import type { OperationKey } from '../operations/registry.js';
import type { AnalysisInput } from '../findings/analysis-input.js';
import type { Measurement } from '../findings/measurement.js';
import type { Refusal, Verdict } from '../findings/verdict.js';
import { decodeImageBytes } from '../image/decode-image.js';
import type { DecodedImage } from '../image/decoded-image.js';
import { OPERATIONS, type OperationData } from '../operations/registry.js';
import { headsOf, type Operation } from '../operations/operation.js';
import { headVouches } from './head-vouches.js';
import type { HealthAssessment } from '../operations/health/health-assessment.js';
import type { VisionModels } from '../vision/vision-models.js';
import { sceneFacts } from '../narration/scene-facts.js';
import { describeScene, type Scene } from '../vision/scene/describe-scene.js';
import { paletteOf, tonesOf } from '../vision/pixels/photo-character.js';
import { thumbnailOf } from '../vision/pixels/thumbnail.js';
import { strandCoherenceOf } from '../vision/pixels/strand-coherence.js';
import type { LitArea } from '../vision/pixels/lit-area.js';
import { subjectPixels } from '../vision/localizer/subject-pixels.js';
import { quotableDescription, splitPhotoCheck, withPhotoCheck } from '../narration/llm/photo-check.js';
import { decodeSizeFor } from './decode-plan.js';
import { type MeasurePlan, measurePlanFor } from './measure-plan.js';
import { redOfTheLight } from './red-light.js';
import { foundOnSecondLook } from './second-look.js';
import { languageModelStep, type LlmStage } from './language-model-step.js';
import { gatePhoto } from './gate/photo-gate.js';
import { mayBeAThing, subjectIsAThing, subjectSeenAs, subjectSeenByColour } from './subject-seen-as.js';
import { FINDING_SEVERITIES } from '../contract/data-fields.js';
import { lookAtSubject } from '../vision/localizer/subject-look.js';
import { photoToRead } from './photo-to-read.js';

/**
 * The on-device steps' result: a complete answer from the templates, and what it rests on. The
 * verdict is what a language model is told and what the merge holds it to.
 */
export interface Assessed<Data = unknown, Findings = unknown> {
  readonly operation: OperationKey;
  readonly input: AnalysisInput;
  readonly verdict: Verdict<Findings>;
  /** What the scene models saw: told to the language model, and whether the photo type was verified. */
  readonly scene: Scene;
  /** What is sent when no language model improves on it. */
  readonly data: Data;
  /** The models that read the photo (made-by.ts). */
  readonly models: ModelUsed[];
}

/** The pipeline's answer: the data, and whether it assessed anything (only then is the call charged, docs/design.md §10). */
export interface Answer<Data = unknown> {
  readonly data: Data;
  readonly assessed: boolean;
  /** What made it: the models, the language model or the templates, and whether it assessed anything. */
  readonly madeBy: MadeBy;
}

/** Whether an answer raises a finding: a severity past normal. */
const raisesFinding = (data: unknown) => FINDING_SEVERITIES.includes((data as { severity?: string }).severity ?? '');

/** What an operation's analysis yields after the on-device steps, typed for that operation. */
export type AssessedAs<K extends OperationKey> = Assessed<OperationData<K>>;

/**
 * The analysis every operation runs, in one fixed sequence: decode → measure → gate → judge →
 * narrate → merge. `decode` and `assess` are the CPU-bound part (the caller holds a CPU slot for
 * them, and reserves credits in between, once the photo is known to be good); `narrate` waits on
 * the language model, which has slots of its own, so the caller frees its CPU slot in between.
 */
export interface Pipeline {
  /** The photo's bytes → pixels at the size this operation's models (and the language model, if it will be asked) need. */
  decode(operation: OperationKey, bytes: Buffer): Promise<DecodedImage>;
  assess<K extends OperationKey>(operation: K, input: AnalysisInput): Promise<AssessedAs<K>>;
  narrate<K extends OperationKey>(assessed: AssessedAs<K>): Promise<Answer<OperationData<K>>>;
}

export function createPipeline(models: VisionModels, llm?: LlmStage): Pipeline {
  const languageModel = llm && languageModelStep(llm);
  const narrated = () => languageModel?.willTry() ?? false;

  /** Carries out a measure plan (measure-plan.ts) on the one decoded photo. */
  async function measure(plan: MeasurePlan, input: AnalysisInput, lit: LitArea | undefined): Promise<Measurement> {
    const { image } = input;
    // A photo smaller than the analyser's input has its focus read as it is, not enlarged (ColourQualityModel.enlarges).
    const focusOnPhoto = plan.exposure === 'photo' || (plan.exposure === 'colours' && models.colour.enlarges(image));
    /**
     * The event loop's readings, while the models run: with few requests in flight, a request's
     * time is its steps' sum, and these (about 1 ms) then overlap the inference threads' (one
     * client: 15.1 → 14.0 ms a request, SqueezeNet breed; at eight, the same throughput).
     */
    const readMeanwhile = async () => {
      // A turn of the loop first, so that what leads to the hand-off (a tensor made here, in this
      // turn's microtasks, or a resize started in libvips) goes ahead of these readings.
      await new Promise(setImmediate);
      return {
        palette: paletteOf(image),
        tones: plan.tones ? tonesOf(image) : undefined,
        thumbnail: plan.thumbnail ? await thumbnailOf(image) : undefined,
        strands: plan.strands ? await strandCoherenceOf(image) : undefined,
        exposure: focusOnPhoto ? await models.colour.exposure(image) : undefined,
      };
    };
    // The scene models and the colour analyser run side by side, in the inference threads.
    const region = plan.colours?.region;
    const [[{ scene, view, features, location }, colour], read] = await Promise.all([
      Promise.all([
        describeScene(image, models, plan.scene),
        plan.colours ? models.colour.predict(region ? { image, region } : image) : undefined,
      ]),
      readMeanwhile(),
    ]);
    // The detector's view is a cheaper copy to read, unless it enlarges the photo (a photo under 416 px).
    const exposure =
      read.exposure ??
      (plan.exposure === 'colours'
        ? colour!.quality
        : await models.colour.exposure(view && view.width <= image.width ? view : image));
    // The largest subject the localizer found, its own pixels told from the ground around it.
    const largest = location?.found[0];
    const subject = largest && subjectPixels(image, location, largest);
    return {
      exposure,
      palette: read.palette,
      transparency: input.image.transparency,
      tones: read.tones,
      thumbnail: read.thumbnail,
      strands: read.strands,
      litArea: lit,
      colour,
      scene,
      view,
      features,
      location,
      subject,
    };
  }

  /**
   * Why a located subject is not the operation's after all, looked at where it is about to raise a
   * finding or may be a thing (subject-seen-as.ts, mayBeAThing): seen alone, food or a flower
   * (subjectSeenAs), or a thing, not stool, where no ground shows (subjectIsAThing); else, for a
   * finding, by its colours and how surely it was found (subjectSeenByColour); a finding from a
   * subject only a second look found (foundOnSecondLook); and a finding of blood whose red its
   * ground shows too, a red light's or surface's (redOfTheLight).
   */
  async function seenInstead(
    operation: Operation,
    { location, scene, subject }: Measurement,
    image: DecodedImage,
    findings: unknown,
    finding: boolean,
  ): Promise<Refusal | undefined> {
    const largest = location?.found[0];
    if (!largest) return undefined;
    // A health operation's findings carry the colour shares its rules read and its main finding (HealthAssessment).
    const { shares, mainFinding } = (findings as Partial<HealthAssessment> | undefined) ?? {};
    // What the classifier names first (an apple is food, though yellow and found faintly as a leaf is).
    const look = models.classifier && (await lookAtSubject(image, location, largest, models.classifier));
    const shows =
      (look && subjectSeenAs(operation.needs, look)) ??
      (finding ? subjectSeenByColour(operation.needs, largest, shares) : undefined);
    if (shows) return { reason: 'wrong_subject', shows };
    if (finding && foundOnSecondLook(location)) return { reason: 'quality', problem: 'faint_find' };
    // …and blood read where the ground is as red: the light's or the surface's red (red-light.ts).
    if (finding && subject && redOfTheLight(subject, mainFinding)) return { reason: 'quality', problem: 'red_light' };
    return look && subjectIsAThing(operation.needs, scene, look)
      ? { reason: 'quality', problem: 'not_found' }
      : undefined;
  }

  return {
    decode: (key, bytes) => decodeImageBytes(bytes, undefined, decodeSizeFor(OPERATIONS[key], models, narrated())),
    async assess<K extends OperationKey>(key: K, sent: AnalysisInput): Promise<AssessedAs<K>> {
      const operation: Operation = OPERATIONS[key];
      // A photo rotated or letterboxed onto black is read as the photo inside the black: its models,
      // its colours and the language model see no black triangles.
      const { image, litArea: lit } = await photoToRead(sent.image);
      const input = { ...sent, image };
      // measure: what is where, then exposure and (where the rules read them) colours, from the one decoded photo
      const plan = measurePlanFor(operation, models, narrated(), lit, input.animalType);
      const measurement = await measure(plan, input, lit);
      const { scene } = measurement;
      // gate: can this photo be judged for this operation at all? If not, why, and no rule speaks
      const gated = gatePhoto(operation.needs, measurement);
      // …unless the clinic's own head takes a refused close-up for one of its photos (head-vouches.ts)
      const vouched = gated && (await headVouches(operation.needs, gated, models.trained.get(key), measurement));
      const refusal = vouched ? undefined : gated;
      // judge: the operation's rules or classifier turn what was measured into findings
      let verdict: Verdict<unknown> = refusal
        ? { judged: false as const, refusal }
        : { judged: true as const, findings: await operation.judge(measurement, input, headsOf(models, key)) };
      // narrate, from the built-in templates: a complete answer that needs no language model
      let data = operation.answer(verdict, input.language, scene);
      // …and before a located subject's colours raise a finding, or where it may be a thing, one look
      // at what it is: by the classifier on it alone, else by its colours (subject-seen-as.ts)
      const findings = verdict.judged ? verdict.findings : undefined;
      const finding = raisesFinding(data);
      const instead =
        finding || (verdict.judged && mayBeAThing(operation.needs, scene))
          ? await seenInstead(operation, measurement, image, findings, finding)
          : undefined;
      if (instead) {
        verdict = { judged: false as const, refusal: instead };
        data = operation.answer(verdict, input.language, scene);
      }
      const read = modelsRead(key, models, plan.scene, scene, verdict.judged);
      return { operation: key, input, verdict, scene, data: data as OperationData<K>, models: read };
    },
    async narrate<K extends OperationKey>({
      operation: key,
      input,
      verdict,
      scene,
      data,
      models: read,
    }: AssessedAs<K>): Promise<Answer<OperationData<K>>> {
      const operation: Operation = OPERATIONS[key];
      const madeBy = (assessed: boolean, llm: string | null = null) => ({ models: read, llm, assessed });
      // A photo the gate refused never goes to the model, and assessed nothing: it costs nothing.
      // So a model's "yes, it shows the subject" can never undo the gate's refusal.
      if (!verdict.judged) return { data, assessed: false, madeBy: madeBy(false) };
      const assessedOnDevice = operation.assessed(verdict.findings, data, false);
      const onDevice = { data, assessed: assessedOnDevice, madeBy: madeBy(assessedOnDevice) };
      if (!languageModel) return onDevice;
      const { fields, labelFields, facts, limitation, fromFallback = {} } = operation.llm;
      const { task, fieldHelp } = operation.words[input.language].llm;
      // narrate, with the language model: the text fields, told the findings and the scene it must
      // respect, and asked first what the photo shows (docs/design.md §4)
      const told = [...facts(verdict.findings, input.language), ...sceneFacts(scene, input.language)];
      const written = await languageModel.write({
        task,
        fields: withPhotoCheck(fields),
        fieldHelp,
        labelFields,
        facts: told,
        fallback: data,
        fromFallback,
        limitation: limitation(input.language),
        input,
      });
      if (!written) return onDevice;
      const { check, fields: text } = splitPhotoCheck(written);
      // The model's "no" is a refusal like the gate's: the free wrong-photo answer, naming what it saw.
      if (!check.showsSubject) {
        const description = quotableDescription(check.shows, input.language);
        const refused = {
          judged: false as const,
          refusal: { reason: 'wrong_subject' as const, shows: { kind: 'described' as const, description } },
        };
        return {
          data: operation.answer(refused, input.language, scene) as OperationData<K>,
          assessed: false,
          madeBy: madeBy(false, languageModel.model),
        };
      }
      // merge: measured facts win over the model's words; the operation decides which
      const merged = operation.merge(verdict.findings, data, text, input.language) as OperationData<K>;
      const assessed = operation.assessed(verdict.findings, merged, true);
      return { data: merged, assessed, madeBy: madeBy(assessed, languageModel.model) };
    },
  };
}
