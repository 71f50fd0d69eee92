import { readFileSync } from 'node:fs';
import { createSecureContext } from 'node:tls';
import type { Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AccountStore } from '../accounts/account-store.js';
import { issueFirstKey } from '../accounts/issue-key.js';
import type { Config } from '../config.js';
import { createApp } from '../http/create-app.js';
import { createHttpServer, DEFAULT_HTTP_LIMITS, type TlsFiles } from '../http/transport/http-server-limits.js';
import type { Logger } from '../logger.js';
import type { Metrics } from '../metrics.js';
import type { Pipeline } from '../analysis/pipeline.js';
import type { ReadinessCheck } from '../readiness-check.js';
import { StoreUpkeep } from '../accounts/store-upkeep.js';
import { IDEMPOTENCY_ABANDON_MS, IDEMPOTENCY_TTL_MS } from '../contract/service-policy.js';

/** How long a shutdown waits for requests in flight before cutting connections. */
const DRAIN_TIMEOUT_MS = 30_000;

/**
 * The certificate and key files, read and checked as a pair once at start, before anything else:
 * one that cannot be read, or is not a certificate and its key, stops the start with its path.
 */
function readTlsFiles(files: { readonly certFile: string; readonly keyFile: string }): TlsFiles {
  const read = (file: string, what: string) => {
    try {
      return readFileSync(file);
    } catch (error) {
      throw new Error(`${what} ${file} cannot be read: ${(error as Error).message}`);
    }
  };
  const tls = { cert: read(files.certFile, 'PAWLENS_TLS_CERT'), key: read(files.keyFile, 'PAWLENS_TLS_KEY') };
  try {
    createSecureContext(tls);
  } catch (error) {
    throw new Error(
      `PAWLENS_TLS_CERT and PAWLENS_TLS_KEY are not a certificate and its private key (PEM): ${(error as Error).message}`,
    );
  }
  return tls;
}

/** Resolves once `server` listens on the configured port, or rejects with why it cannot. */
function listen(server: Server, config: Config): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(`Port ${config.port} on ${config.host} is in use; set PAWLENS_PORT to a free port.`)
          : error,
      ),
    );
    server.listen(config.port, config.host);
  });
}

export interface RunningServer {
  readonly url: string;
  /** Stops accepting, lets requests in flight finish, then closes the store. */
  close(): Promise<void>;
}

export async function startServer(
  config: Config,
  store: AccountStore,
  pipeline: Pipeline,
  readinessChecks: readonly ReadinessCheck[],
  metrics: Metrics,
  logger: Logger,
  print: (line: string) => void,
): Promise<RunningServer> {
  const tls = config.tls && readTlsFiles(config.tls);
  const upkeep = new StoreUpkeep(store, {
    dataDir: config.database ? undefined : config.dataDir,
    idempotencyTtlMs: IDEMPOTENCY_TTL_MS,
    ownerlessAfterMs: IDEMPOTENCY_ABANDON_MS,
    leaseLapseMs: config.storeLeaseMs,
    recordsRetentionMs: config.recordsRetentionMs,
    logger,
  });
  const { express } = createApp({
    store,
    pipeline,
    readinessChecks: [upkeep.readinessCheck(), ...readinessChecks],
    metrics,
    logger,
    maxConcurrency: config.maxConcurrency,
    maxQueue: config.maxQueue,
    rateLimitPerMinute: config.rateLimitPerMinute,
    adminToken: config.adminToken,
    corsOrigins: config.corsOrigins,
    clinicName: config.clinicName,
    keepImages: config.keepImages,
  });
  const server = createHttpServer(
    express,
    logger,
    { ...DEFAULT_HTTP_LIMITS, requestTimeoutMs: config.requestTimeoutMs },
    tls,
  );
  // Everything that can fail on a broken store runs before the port opens: a server that cannot
  // read its keys never listens, so nothing half-started answers /healthz while every call fails.
  await upkeep.start();
  let firstKey: Awaited<ReturnType<typeof issueFirstKey>>;
  try {
    await listen(server, config);
    // Created once the port is ours, so that a start that fails never makes a key nobody was shown;
    // and atomically, so that of replicas starting together on a new database one makes it.
    firstKey = await issueFirstKey(store, { name: 'default', credits: null, expiresAt: null });
  } catch (error) {
    server.close();
    await upkeep.stop();
    throw error;
  }
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const scheme = tls ? 'https' : 'http';
  const url = `${scheme}://${host}:${address.port}`;
  logger.info({ url }, 'pawlens listening');
  // Listening on every interface: the address to type on this machine is the loopback one.
  const local =
    address.address === '0.0.0.0'
      ? `${scheme}://127.0.0.1:${address.port}`
      : address.address === '::'
        ? `${scheme}://[::1]:${address.port}`
        : url;
  print(
    `pawlens listening on ${url} (docs: ${local}/docs${local === url ? '' : '; every interface: keep it behind a firewall or set PAWLENS_HOST'})`,
  );

  if (firstKey) {
    const { record, secret } = firstKey;
    print('');
    print(`Created the first API key, ${record.id} (unlimited). It is shown only this once:`);
    print(`  ${secret}`);
    print('Try it with a photo of yours:');
    print(`  printf '{"image":"%s"}' "$(base64 -w0 photo.jpg)" > request.json`);
    print(`  curl -s ${local}/api/v1/breed-identification -H "Authorization: Bearer ${secret}" \\`);
    print('    -H "Content-Type: application/json" --data-binary @request.json');
    print('');
  }

  // While draining, a keep-alive connection whose answer just went out would otherwise sit idle
  // until its keep-alive timeout (5 s) and hold the shutdown open: close it as soon as it is idle.
  let draining = false;
  server.on('request', (_request, response: ServerResponse) => {
    response.on('finish', () => {
      if (draining) setImmediate(() => server.closeIdleConnections());
    });
  });

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= new Promise<void>((resolve) => {
      draining = true;
      const force = setTimeout(() => server.closeAllConnections(), DRAIN_TIMEOUT_MS);
      force.unref();
      server.close(() => {
        clearTimeout(force);
        resolve();
      });
      server.closeIdleConnections();
    })
      .then(() => upkeep.stop())
      .then(() => store.close()));
  return { url, close };
}
