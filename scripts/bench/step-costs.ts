/**
 * Where a request's CPU goes, step by step: one request at a time, in this process, so that the
 * process's CPU (every thread: libvips', onnxruntime's) over a step is that step's alone. The
 * steps are runPaidAnalysis's, taken apart: Base64, decode, reserve, the on-device analysis, the
 * templates' words, the closed-schema answer and its JSON, and the commit. What HTTP adds is the
 * bench's HTTP CPU per request minus the in-process one.
 */
import type { AccountStore, Reservation } from '../../src/accounts/account-store.js';
import type { Pipeline } from '../../src/analysis/pipeline.js';
import { successBody } from '../../src/contract/success-body.js';
import { imageFieldBytes } from '../../src/image/base64-field.js';
import { DEFAULT_INTAKE_LIMITS } from '../../src/image/decode-image.js';
import { OPERATIONS, type OperationKey } from '../../src/operations/registry.js';

export const STEPS = ['base64', 'decode', 'reserve', 'assess', 'narrate', 'answer', 'commit'] as const;
export type StepCosts = Record<(typeof STEPS)[number], number>;

/** CPU ms of each step, averaged over `rounds` requests made one after another (after a few to warm up). */
export async function stepCosts(
  pipeline: Pipeline,
  store: AccountStore,
  keyId: string,
  operation: OperationKey,
  base64: string,
  rounds = 60,
): Promise<StepCosts> {
  const totals = Object.fromEntries(STEPS.map((step) => [step, 0])) as StepCosts;
  const timed = async <T>(step: (typeof STEPS)[number], work: () => T | Promise<T>, count: boolean): Promise<T> => {
    const start = process.cpuUsage();
    const result = await work();
    const { user, system } = process.cpuUsage(start);
    if (count) totals[step] += (user + system) / 1000;
    return result;
  };
  for (let round = -10; round < rounds; round++) {
    const count = round >= 0;
    const requestId = `req_steps${String(round + 10).padStart(6, '0')}`;
    const bytes = await timed('base64', () => imageFieldBytes(base64, DEFAULT_INTAKE_LIMITS.maxBytes), count);
    const image = await timed('decode', () => pipeline.decode(operation, bytes), count);
    const reservation = (await timed(
      'reserve',
      () => store.reserve(keyId, 5, requestId, operation),
      count,
    )) as Reservation;
    const input = { image, language: 'en' as const, animalType: undefined, requestId };
    const assessed = await timed('assess', () => pipeline.assess(operation, input), count);
    const answer = await timed('narrate', () => pipeline.narrate(assessed), count);
    await timed('answer', () => JSON.stringify(successBody(requestId, OPERATIONS[operation].data, answer.data)), count);
    await timed('commit', () => store.commit(reservation, { charged: answer.assessed }), count);
  }
  for (const step of STEPS) totals[step] /= rounds;
  return totals;
}
