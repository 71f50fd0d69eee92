/**
 * One part of the service reporting whether it can serve: /readyz asks each in turn. The HTTP
 * layer knows only this shape; what each part checks is its own business.
 */
export interface ReadinessCheck {
  /** The key under `checks` in the /readyz report. */
  readonly name: string;
  check(): Promise<CheckResult>;
}

export interface CheckResult {
  /** ok: works; degraded: answers, but less well (templates instead of the LLM); not_ready: cannot serve. */
  readonly status: 'ok' | 'degraded' | 'not_ready';
  /** What /readyz shows for it. */
  readonly report: unknown;
}
