import { type RequestHandler, Router } from 'express';
import type { KeyStore } from '../../accounts/account-store.js';
import { ApiError } from '../../contract/api-error.js';
import type { Metrics } from '../../metrics.js';
import type { ReadinessCheck } from '../../readiness-check.js';
import { VERSION } from '../../version.js';
import { adminAllowed } from './admin-access.js';
import { checkReadiness } from './check-readiness.js';
import { methodNotAllowed } from '../error-handler.js';
import { buildOpenApiDocument } from '../openapi/document.js';

export interface ServiceRouterDeps {
  readonly store: Pick<KeyStore, 'countKeys'>;
  readonly readinessChecks?: readonly ReadinessCheck[];
  /** PAWLENS_ADMIN_TOKEN: who may read /metrics and /readyz's details; without it, only this machine. */
  readonly adminToken?: string;
  readonly metrics: Metrics;
}

/** The service's own pages: /healthz, /readyz, /metrics and /openapi.json, each GET (or HEAD) only. */
export function serviceRouter(deps: ServiceRouterDeps): Router {
  const router = Router();
  const get = (path: string, handler: RequestHandler) =>
    router
      .route(path)
      .get(handler)
      .all(methodNotAllowed(['GET', 'HEAD']));
  const openApi = buildOpenApiDocument(VERSION);

  get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  get('/readyz', async (req, res) => {
    const report = await checkReadiness(deps.store, deps.readinessChecks);
    // The status (and its HTTP code) for any load balancer; what each part reports, for the operator only.
    res
      .status(report.status === 'not_ready' ? 503 : 200)
      .json(adminAllowed(req, deps.adminToken) ? report : { status: report.status });
  });
  get('/metrics', async (req, res) => {
    if (!adminAllowed(req, deps.adminToken)) {
      throw new ApiError(
        'UNAUTHORIZED',
        deps.adminToken
          ? '/metrics needs the admin token: send "Authorization: Bearer <PAWLENS_ADMIN_TOKEN>".'
          : '/metrics answers only on this machine, asked for as localhost or 127.0.0.1; set PAWLENS_ADMIN_TOKEN to read it from elsewhere.',
      );
    }
    res.type(deps.metrics.registry.contentType).send(await deps.metrics.registry.metrics());
  });
  get('/openapi.json', (_req, res) => {
    res.json(openApi);
  });
  return router;
}
