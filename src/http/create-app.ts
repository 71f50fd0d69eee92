import express, { type Express } from 'express';
import type { AccountStore, KeyRecord } from '../accounts/account-store.js';
import type { Pipeline } from '../analysis/pipeline.js';
import { API_PREFIXES } from '../contract/api-prefixes.js';
import { silentLogger, type Logger } from '../logger.js';
import { Metrics } from '../metrics.js';
import { OPERATION_LIST } from '../operations/registry.js';
import type { ReadinessCheck } from '../readiness-check.js';
import { WorkQueue } from '../work-queue.js';
import { accessLog } from './access-log.js';
import { analysisRoute } from './routes/analysis-route.js';
import { docsRouter } from './routes/docs-router.js';
import { errorHandler, methodNotAllowed, notFound } from './error-handler.js';
import { requestId } from './request-id.js';
import { securityHeaders } from './security-headers.js';
import { serviceRouter } from './routes/service-router.js';
import { bearerAuth } from './bearer-auth.js';
import type { KeyedSteps } from './call-steps.js';
import { consoleRouter } from './routes/console-router.js';
import { cors } from './cors.js';
import { petRecordsRoute } from './routes/pet-records-route.js';
import { protocolChecks } from './transport/protocol-checks.js';
import { rateLimit } from './rate-limit.js';
import { DEFAULT_RATE_LIMIT_PER_MINUTE } from '../contract/service-policy.js';
import { DEFAULT_UPLOAD_PACE, type UploadPace } from './transport/upload-pace.js';

export interface AppDeps {
  readonly store: AccountStore;
  readonly pipeline: Pipeline;
  readonly logger?: Logger;
  readonly now?: () => Date;
  readonly maxConcurrency?: number;
  readonly maxQueue?: number;
  /** Calls a minute per key (0: no limit); DEFAULT_RATE_LIMIT_PER_MINUTE, as the server's config, when not given. */
  readonly rateLimitPerMinute?: number;
  /** Where /metrics counts; a fresh registry when not given. */
  readonly metrics?: Metrics;
  /** What /readyz asks besides the key store (models, LLM). */
  readonly readinessChecks?: readonly ReadinessCheck[];
  /** PAWLENS_ADMIN_TOKEN: who may read /metrics and /readyz's details; without it, only this machine. */
  readonly adminToken?: string;
  /** PAWLENS_KEEP_IMAGES: a pet's record keeps the photo too. */
  readonly keepImages?: boolean;
  /** PAWLENS_CLINIC_NAME: shown on the console and its printed reports. */
  readonly clinicName?: string;
  /** PAWLENS_CORS_ORIGINS: the exact origins whose pages may call the API; none by default. */
  readonly corsOrigins?: readonly string[];
  /** How fast a body must arrive; DEFAULT_UPLOAD_PACE when not given (tests give a shorter grace). */
  readonly uploadPace?: UploadPace;
}

export interface App {
  readonly express: Express;
  readonly queue: WorkQueue;
}

/**
 * Assembles the HTTP service from its dependencies; nothing here reads the environment or opens
 * a file, so tests build it with an in-memory store and fakes.
 */
export function createApp(deps: AppDeps): App {
  const logger = deps.logger ?? silentLogger;
  const now = deps.now ?? (() => new Date());
  const queue = new WorkQueue(deps.maxConcurrency ?? 2, deps.maxQueue ?? 64);
  // Twice the analysis slots for one key, so that one body arrives while another is analysed, and
  // one more for every other key: one key's uploads, trickled or not, cannot keep the others
  // waiting. No more bodies than that are held in memory.
  const perKey = 2 * queue.concurrency;
  const intake = new WorkQueue(perKey + 1, deps.maxQueue ?? 64, 1, perKey);
  const metrics = deps.metrics ?? new Metrics();
  metrics.watchQueue(queue);
  metrics.watchOperations(OPERATION_LIST.map((operation) => operation.key));

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use(requestId(now));
  app.use(securityHeaders());
  app.use(cors(deps.corsOrigins ?? []));
  app.use(accessLog(logger, metrics));
  app.use(protocolChecks());

  app.use(consoleRouter(deps.clinicName ?? ''));
  app.use(
    serviceRouter({ store: deps.store, readinessChecks: deps.readinessChecks, adminToken: deps.adminToken, metrics }),
  );
  app.use(docsRouter());

  const operationPaths = OPERATION_LIST.flatMap((operation) =>
    API_PREFIXES.map((prefix) => `${prefix}/${operation.path}`),
  );
  // One rate limit per key, whichever keyed route it calls.
  const authenticated = bearerAuth(deps.store, now);
  const limited = rateLimit(deps.store, deps.rateLimitPerMinute ?? DEFAULT_RATE_LIMIT_PER_MINUTE, now);
  const keyed: KeyedSteps<{ key: KeyRecord }> = (steps) => steps.step(authenticated).step(limited);
  const paid = { pipeline: deps.pipeline, credits: deps.store, cpu: queue, metrics };
  const uploadPace = deps.uploadPace ?? DEFAULT_UPLOAD_PACE;
  const route = analysisRoute({
    paid,
    claims: deps.store,
    intake,
    keyed,
    logger,
    keepImages: deps.keepImages,
    uploadPace,
  });
  app
    .route(operationPaths)
    .post(...route)
    .all(methodNotAllowed(['POST']));
  app.use(petRecordsRoute(deps.store, keyed));

  app.use(notFound());
  app.use(errorHandler(logger, uploadPace));
  return { express: app, queue };
}
