import type { KeyStore } from '../../accounts/account-store.js';
import type { CheckResult, ReadinessCheck } from '../../readiness-check.js';

export interface ReadinessReport {
  /** ready: everything configured works; degraded: answering, but less well; not_ready: cannot serve. */
  readonly status: 'ready' | 'degraded' | 'not_ready';
  readonly checks: Record<string, unknown>;
}

const RANK: Readonly<Record<CheckResult['status'], number>> = { ok: 0, degraded: 1, not_ready: 2 };
const STATUS = ['ready', 'degraded', 'not_ready'] as const;

/** /readyz: the key store answers, and each other part (models, LLM) says how it is; the worst decides. */
export async function checkReadiness(
  store: Pick<KeyStore, 'countKeys'>,
  checks: readonly ReadinessCheck[] = [],
): Promise<ReadinessReport> {
  const storeOk = await store.countKeys().then(
    () => true,
    () => false,
  );
  const report: Record<string, unknown> = { store: storeOk ? 'ok' : 'error' };
  let worst = storeOk ? 0 : RANK.not_ready;
  for (const part of checks) {
    const result = await part.check();
    report[part.name] = result.report;
    worst = Math.max(worst, RANK[result.status]);
  }
  return { status: STATUS[worst]!, checks: report };
}
