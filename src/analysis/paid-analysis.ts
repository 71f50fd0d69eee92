import { photoToKeep } from '../image/kept-photo.js';
import type { CreditLedger, KeyStore, Reservation } from '../accounts/account-store.js';
import { ApiError } from '../contract/api-error.js';
import type { Language } from '../contract/language.js';
import { CREDITS_PER_CALL } from '../contract/price.js';
import { successBody } from '../contract/success-body.js';
import type { Metrics } from '../metrics.js';
import { OPERATIONS, type OperationData, type OperationKey } from '../operations/registry.js';
import type { WorkQueue } from '../work-queue.js';
import type { Pipeline } from './pipeline.js';

export interface PaidAnalysisDeps {
  readonly pipeline: Pipeline;
  /** Where credits are held and settled, and where the answer and the pet's record are kept with them: needed by a paid request. */
  /** The ledger, and the keys' balances a refusal states. */
  readonly credits?: CreditLedger & Pick<KeyStore, 'getKey'>;
  /** The CPU slots decode and the on-device steps hold (the language model has slots of its own); without them the caller bounds its own concurrency. */
  readonly cpu?: WorkQueue;
  /** Where decode and vision times and the credits charged are counted. */
  readonly metrics?: Metrics;
}

/** Who pays for an analysis, and what is kept with its answer. */
export interface Payer {
  readonly keyId: string;
  /** The Idempotency-Key the request claimed: its answer is stored with the charge, for retries to replay. */
  readonly idempotencyKey?: string;
  /** The pet whose records keep the answer; `keepPhoto` keeps the photo's bytes with it (PAWLENS_KEEP_IMAGES). */
  readonly record?: { readonly petId: string; readonly keepPhoto: boolean; readonly arrivedAt: Date };
}

export interface PaidAnalysisRequest<K extends OperationKey = OperationKey> {
  readonly operation: K;
  readonly requestId: string;
  readonly language: Language;
  readonly animalType: string | undefined;
  /**
   * The photo's bytes, asked for inside the CPU slot: a request body's text is read there, and is
   * no longer needed once the photo is decoded.
   */
  photo(): Buffer;
  /** Who pays; without one nothing is reserved or charged (a local analysis: the CLI's, a benchmark's). */
  readonly payer?: Payer;
  /** Aborted when the client is gone: its reason is thrown, nothing is settled, and the credits go back. */
  readonly signal?: AbortSignal;
  /** Called once the on-device steps are done, before the wait for the language model: the caller may let go of the upload. */
  onAssessed?(): void;
}

export interface PaidAnswer<Data = unknown> {
  /** The success envelope, checked against the operation's closed schema: what is sent, and what a retry replays. */
  readonly body: unknown;
  readonly data: Data;
  /** Whether it assessed anything: only then is a payer charged (docs/design.md §10). */
  readonly assessed: boolean;
  /** 0 for an answer that assessed nothing, and without a payer. */
  readonly charged: number;
  /** The key's balance after this call; null for an unlimited key or without a payer. */
  readonly remaining: number | null;
}

/** The refusal of a call a key cannot pay for; `balance` when it is known before the reservation. */
export const notEnoughCredits = (keyId: string, balance?: number) =>
  new ApiError(
    'INSUFFICIENT_CREDITS',
    `This call costs ${CREDITS_PER_CALL} credits and key ${keyId} has ${balance ?? 'fewer'}; add some with "pawlens keys credit ${keyId} <N>".`,
    // The balance, as every answer that charges states it: a client can show it beside the refusal.
    balance === undefined ? {} : { 'X-Credits-Remaining': String(balance) },
  );

/**
 * One paid analysis, the same for the HTTP route, the CLI, the benchmarks and the tests: decode,
 * reserve the credits once the photo is known to be good, and run the on-device steps, all under
 * a CPU slot; then narrate (the language model has slots of its own, so no CPU slot waits on it);
 * then commit, with the Idempotency-Key's answer and the pet's record in the same transaction, or
 * refund when anything failed or the client is gone. An answer that assessed nothing is free.
 */
export async function runPaidAnalysis<K extends OperationKey>(
  deps: PaidAnalysisDeps,
  request: PaidAnalysisRequest<K>,
): Promise<PaidAnswer<OperationData<K>>> {
  const { pipeline, credits, metrics } = deps;
  const { operation, requestId, payer } = request;
  const ledger = () => {
    if (!credits) throw new Error('a paid analysis needs a credit ledger to charge');
    return credits;
  };
  const time = <T>(stage: 'decode' | 'vision', work: () => Promise<T>) => metrics?.time(stage, work) ?? work();

  const onDevice = async () => {
    // Decoding is the Base64 text's too: a photo whose text is broken failed to decode.
    let bytes: Buffer | undefined;
    const image = await time('decode', () => {
      bytes = request.photo();
      return pipeline.decode(operation, bytes);
    });
    const held = payer && (await reserve(ledger(), payer.keyId, requestId, operation));
    try {
      const input = { image, language: request.language, animalType: request.animalType, requestId };
      const assessed = await time('vision', () => pipeline.assess(operation, input));
      // Kept without what the file carried beside its pixels (a GPS position, the camera).
      const kept = payer?.record?.keepPhoto && bytes ? await photoToKeep(bytes, image.format) : undefined;
      return { reservation: held, assessed, keptPhoto: kept };
    } catch (error) {
      if (held) await ledger().refund(held);
      throw error;
    }
  };
  const { reservation, assessed, keptPhoto } = await (deps.cpu ? deps.cpu.run(onDevice) : onDevice());
  request.onAssessed?.();
  try {
    const answer = await pipeline.narrate(assessed);
    const body = successBody(requestId, OPERATIONS[operation].data, answer.data);
    request.signal?.throwIfAborted();
    const charged = reservation && answer.assessed ? CREDITS_PER_CALL : 0;
    if (reservation && payer) {
      // Settled and stored for replay in one transaction, before it is sent: a retry racing the
      // answer already finds it, and a failed write leaves neither a charge nor an answer.
      const { idempotencyKey, record } = payer;
      const photo = keptPhoto && { bytes: keptPhoto, format: assessed.input.image.format };
      await ledger().commit(reservation, {
        charged: charged > 0,
        answer: idempotencyKey ? { idempotencyKey, body: JSON.stringify(body) } : undefined,
        record: record
          ? {
              petId: record.petId,
              data: JSON.stringify(answer.data),
              photo,
              madeBy: JSON.stringify(answer.madeBy),
              arrivedAt: record.arrivedAt,
            }
          : undefined,
      });
    }
    metrics?.creditsCharged.inc(charged);
    const remaining =
      reservation && reservation.remaining !== null ? reservation.remaining + reservation.credits - charged : null;
    return { body, data: answer.data, assessed: answer.assessed, charged, remaining };
  } catch (error) {
    if (reservation) await ledger().refund(reservation);
    throw error;
  }
}

async function reserve(
  credits: NonNullable<PaidAnalysisDeps['credits']>,
  keyId: string,
  requestId: string,
  operation: string,
) {
  const reservation: Reservation | undefined = await credits.reserve(keyId, CREDITS_PER_CALL, requestId, operation);
  // Other calls spent the balance since the key was checked: the refusal says what is left now.
  if (!reservation) throw notEnoughCredits(keyId, (await credits.getKey(keyId))?.credits ?? undefined);
  return reservation;
}
