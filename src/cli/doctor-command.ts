import { parseCommandArgs } from './parse-command-args.js';
import type { AbandonLimits, Leases } from '../accounts/account-store.js';

export const DOCTOR_USAGE = `pawlens doctor [--clear] [--json]
  What the key store holds open now: credits reserved by calls in flight and idempotency claims
  not yet answered, each with the server (lease) holding it and whether that server is gone.
  --clear gives back what nobody holds any more (a running server does this by itself every few
  seconds; use it with the server stopped).`;

/** Runs `pawlens doctor` against the store. */
export async function runDoctorCommand(
  args: string[],
  store: Leases,
  limits: AbandonLimits,
  print: (line: string) => void,
): Promise<void> {
  const { values } = parseCommandArgs(
    'doctor',
    args,
    { clear: { type: 'boolean', default: false }, json: { type: 'boolean', default: false } },
    { positionals: false },
  );
  const held = await store.held(limits);
  const swept = values.clear ? await store.sweepAbandoned(limits) : undefined;
  if (values.json) {
    print(JSON.stringify({ ...held, ...(swept ? { cleared: swept } : {}) }));
    return;
  }
  const state = (abandoned: boolean) => (abandoned ? 'ABANDONED' : 'in flight');
  print(held.reservations.length === 0 ? 'No credits reserved.' : `Credits reserved (${held.reservations.length}):`);
  for (const r of held.reservations)
    print(
      `  ${r.since}  ${r.keyId}  ${r.credits} credits  ${r.requestId}  ${r.owner ?? '(no lease)'}  ${state(r.abandoned)}`,
    );
  print(held.claims.length === 0 ? 'No idempotency claims open.' : `Idempotency claims open (${held.claims.length}):`);
  for (const c of held.claims)
    print(
      `  ${c.since}  ${c.keyId}  ${JSON.stringify(c.idempotencyKey)}  ${c.owner ?? '(no lease)'}  ${state(c.abandoned)}`,
    );
  if (swept)
    print(`Cleared: ${swept.reservations} reservations (${swept.credits} credits given back), ${swept.claims} claims.`);
  else if ([...held.reservations, ...held.claims].some((entry) => entry.abandoned))
    print('Run "pawlens doctor --clear" to give back the abandoned ones.');
}
