import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { LLM_MODES, type LlmMode } from './narration/llm/llm-mode.js';
import { DEFAULT_OLLAMA_HOST, parseOllamaHost, type OllamaHost } from './narration/llm/ollama-host.js';
import { DEFAULT_RATE_LIMIT_PER_MINUTE } from './contract/service-policy.js';
import { MODEL_NAME } from './vision/runtime/model-manifest.js';
import { PACKAGE_MODELS_DIR } from './vision/runtime/models-location.js';
import { z } from 'zod';

/**
 * Environment → a typed, validated, frozen config. Each variable's rule carries the sentence a
 * user needs to fix it, so a bad value stops the start with an instruction, not a stack trace.
 */
const wholeNumber = (name: string, min: number, max: number, example: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, `${name} must be a whole number from ${min} to ${max}, e.g. ${name}=${example}`)
    .transform(Number)
    .refine((n) => n >= min && n <= max, `${name} must be from ${min} to ${max}, e.g. ${name}=${example}`);

/** postgres:// or postgresql:// with a host: what pg's connection strings take. */
function isPostgresUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'postgres:' || url.protocol === 'postgresql:') && url.hostname !== '';
  } catch {
    return false;
  }
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
/** A small multilingual vision model that runs on a clinic's desktop; any Ollama vision model works. */
export const DEFAULT_OLLAMA_MODEL = 'gemma3:4b';

/** Every setting pawlens reads from the environment (exported so that tests can check a unit file names only these). */
export const EnvSchema = z.object({
  PAWLENS_PORT: wholeNumber('PAWLENS_PORT', 0, 65535, 8080).default(8080),
  PAWLENS_HOST: z
    .string()
    .trim()
    .min(
      1,
      'PAWLENS_HOST must be an address to listen on, e.g. PAWLENS_HOST=127.0.0.1 (or 0.0.0.0 for every interface)',
    )
    .default('127.0.0.1'),
  PAWLENS_DATA_DIR: z
    .string()
    .trim()
    .min(1, 'PAWLENS_DATA_DIR must be a directory path, e.g. PAWLENS_DATA_DIR=./data')
    .default('./data'),
  PAWLENS_DATABASE_URL: z
    .string()
    .trim()
    .refine(
      isPostgresUrl,
      'PAWLENS_DATABASE_URL must be a PostgreSQL URL, e.g. PAWLENS_DATABASE_URL=postgres://pawlens:PASSWORD@db-host:5432/pawlens (unset: SQLite in PAWLENS_DATA_DIR)',
    )
    .optional(),
  PAWLENS_DATABASE_POOL_SIZE: wholeNumber('PAWLENS_DATABASE_POOL_SIZE', 1, 1000, 10).default(10),
  PAWLENS_MODELS_DIR: z
    .string()
    .trim()
    .min(1, 'PAWLENS_MODELS_DIR must be a directory path, e.g. PAWLENS_MODELS_DIR=/var/lib/pawlens/models')
    .optional(),
  PAWLENS_BREED_MODEL: z
    .string()
    .trim()
    .regex(
      MODEL_NAME,
      'PAWLENS_BREED_MODEL must be the name of an installed model, e.g. PAWLENS_BREED_MODEL=squeezenet1.0',
    )
    .optional(),
  PAWLENS_DETECTOR_MODEL: z
    .string()
    .trim()
    .regex(
      MODEL_NAME,
      'PAWLENS_DETECTOR_MODEL must be the name of an installed detector, e.g. PAWLENS_DETECTOR_MODEL=yolox-nano',
    )
    .optional(),
  PAWLENS_MAX_CONCURRENCY: wholeNumber('PAWLENS_MAX_CONCURRENCY', 1, 256, 4).optional(),
  PAWLENS_INFERENCE_THREADS: wholeNumber('PAWLENS_INFERENCE_THREADS', 0, 64, 2).optional(),
  PAWLENS_MAX_QUEUE: wholeNumber('PAWLENS_MAX_QUEUE', 0, 100_000, 64).default(64),
  // 50 a second: above what one host serves, so one key is slowed only when it outruns the server itself.
  PAWLENS_RATE_LIMIT: wholeNumber('PAWLENS_RATE_LIMIT', 0, 1_000_000, DEFAULT_RATE_LIMIT_PER_MINUTE).default(
    DEFAULT_RATE_LIMIT_PER_MINUTE,
  ),
  OLLAMA_HOST: z
    .string()
    .refine(
      (text) => parseOllamaHost(text) !== undefined,
      'OLLAMA_HOST must be host:port or http://host:port, e.g. OLLAMA_HOST=127.0.0.1:11434',
    )
    .default(DEFAULT_OLLAMA_HOST),
  PAWLENS_OLLAMA_MODEL: z
    .string()
    .trim()
    .regex(
      /^[\w.:/-]{1,200}$/,
      'PAWLENS_OLLAMA_MODEL must be an Ollama model name, e.g. PAWLENS_OLLAMA_MODEL=gemma3:4b',
    )
    .default(DEFAULT_OLLAMA_MODEL),
  PAWLENS_LLM: z
    .enum(LLM_MODES, {
      error: 'PAWLENS_LLM must be auto (use Ollama when reachable), off, or required, e.g. PAWLENS_LLM=auto',
    })
    .default('auto'),
  // Below 300 s: Ollama sends a non-streamed answer's headers only when it is complete, and Node's
  // fetch gives up waiting for headers after 300 s (reported as a network failure, not a timeout).
  PAWLENS_LLM_TIMEOUT_MS: wholeNumber('PAWLENS_LLM_TIMEOUT_MS', 1000, 290_000, 45_000).default(45_000),
  // The LLM's image, long side: qwen2.5vl spends ~1,000 tokens on 1024 px, gemma3 256 at any size.
  PAWLENS_LLM_IMAGE_SIZE: wholeNumber('PAWLENS_LLM_IMAGE_SIZE', 256, 1024, 1024).default(1024),
  // Loading a 4B model on a CPU host takes about a minute; a load hung up on is abandoned by Ollama.
  PAWLENS_LLM_LOAD_TIMEOUT_MS: wholeNumber('PAWLENS_LLM_LOAD_TIMEOUT_MS', 1000, 3_600_000, 300_000).default(300_000),
  // Ollama generates one request at a time unless OLLAMA_NUM_PARALLEL says more: a second call
  // would spend its deadline queued inside Ollama. The two must match.
  PAWLENS_LLM_CONCURRENCY: wholeNumber('PAWLENS_LLM_CONCURRENCY', 1, 64, 1).default(1),
  PAWLENS_LLM_MAX_QUEUE: wholeNumber('PAWLENS_LLM_MAX_QUEUE', 0, 10_000, 8).default(8),
  // Unset: Ollama's own OLLAMA_KEEP_ALIVE decides how long the model stays loaded; a value sent
  // with every request would override the operator's.
  PAWLENS_OLLAMA_KEEP_ALIVE: z
    .string()
    .trim()
    .regex(
      /^(-1|\d+|(\d+(\.\d+)?(h|m|s|ms))+)$/,
      'PAWLENS_OLLAMA_KEEP_ALIVE must be a duration as Ollama reads it: seconds, or e.g. 30m, 1h, -1 (for ever), e.g. PAWLENS_OLLAMA_KEEP_ALIVE=1h',
    )
    .optional(),
  PAWLENS_ALLOW_REMOTE_LLM: z
    .enum(['0', '1'], { error: 'PAWLENS_ALLOW_REMOTE_LLM must be 1 (allow) or 0, e.g. PAWLENS_ALLOW_REMOTE_LLM=1' })
    .default('0'),
  // A 3 MiB photo over a slow clinic Wi-Fi arrives in seconds; a client holding a request open for a minute is not uploading.
  PAWLENS_REQUEST_TIMEOUT_SECONDS: wholeNumber('PAWLENS_REQUEST_TIMEOUT_SECONDS', 1, 3600, 60).default(60),
  // A patient file is kept for years: records are forgotten only when the clinic says after how long.
  PAWLENS_RECORDS_RETENTION_DAYS: wholeNumber('PAWLENS_RECORDS_RETENTION_DAYS', 0, 36_500, 0).default(0),
  PAWLENS_KEEP_IMAGES: z
    .enum(['0', '1'], {
      error: "PAWLENS_KEEP_IMAGES must be 1 (keep the photo with a pet's record) or 0, e.g. PAWLENS_KEEP_IMAGES=1",
    })
    .default('0'),
  PAWLENS_CLINIC_NAME: z.string().trim().max(120, 'PAWLENS_CLINIC_NAME must be at most 120 characters').default(''),
  PAWLENS_TLS_CERT: z.string().trim().min(1).optional(),
  PAWLENS_TLS_KEY: z.string().trim().min(1).optional(),
  PAWLENS_CORS_ORIGINS: z
    .string()
    .refine(
      (text) =>
        text
          .split(',')
          .every(
            (origin) =>
              URL.canParse(origin.trim()) &&
              new URL(origin.trim()).origin === origin.trim() &&
              /^https?:$/.test(new URL(origin.trim()).protocol),
          ),
      'PAWLENS_CORS_ORIGINS must be exact origins, comma-separated, e.g. PAWLENS_CORS_ORIGINS=https://desk.clinic.example,http://localhost:5173 (no path, no trailing slash, no *)',
    )
    .optional(),
  PAWLENS_ADMIN_TOKEN: z
    .string()
    .regex(
      /^[\x21-\x7e]{16,200}$/,
      'PAWLENS_ADMIN_TOKEN must be 16 to 200 printable characters, e.g. PAWLENS_ADMIN_TOKEN=$(openssl rand -hex 24)',
    )
    .optional(),
  // A server renews its lease on the key store six times per period; past it, what a crashed one held comes back.
  PAWLENS_STORE_LEASE_SECONDS: wholeNumber('PAWLENS_STORE_LEASE_SECONDS', 2, 3600, 30).default(30),
  PAWLENS_LOG_LEVEL: z
    .enum(LOG_LEVELS, { error: `PAWLENS_LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}` })
    .default('info'),
});

export interface Config {
  readonly port: number;
  /** Pets' records older than this are forgotten; undefined (PAWLENS_RECORDS_RETENTION_DAYS=0) keeps them. */
  readonly recordsRetentionMs: number | undefined;
  /** A whole request, headers and body, must arrive within this. */
  readonly requestTimeoutMs: number;
  /** PAWLENS_KEEP_IMAGES=1: a pet's record keeps the photo as it was sent. */
  readonly keepImages: boolean;
  /** PAWLENS_CLINIC_NAME: on the console and its printed reports. */
  readonly clinicName: string;
  /** PAWLENS_TLS_CERT and PAWLENS_TLS_KEY (PEM files): serve HTTPS instead of HTTP. */
  readonly tls: { readonly certFile: string; readonly keyFile: string } | undefined;
  /** PAWLENS_CORS_ORIGINS: the exact origins whose pages may call the API. */
  readonly corsOrigins: readonly string[];
  /** PAWLENS_ADMIN_TOKEN: with it, only requests that send it read /metrics and /readyz's details; without it, only this machine. */
  readonly adminToken: string | undefined;
  /** How long a server's lease on the key store lasts unrenewed: a crashed server's credits and claims come back after it. */
  readonly storeLeaseMs: number;
  readonly host: string;
  /** Absolute path of the directory holding the key store. */
  readonly dataDir: string;
  /** PAWLENS_DATABASE_URL: a shared PostgreSQL for several replicas instead of SQLite in dataDir. */
  readonly database: { readonly url: string; readonly poolSize: number } | undefined;
  /** Absolute path where installed models live (built-ins always come from the package). */
  readonly modelsDir: string;
  /** Which installed classifier answers breed and checks scenes; the recommended one, or the first, when unset. */
  readonly breedModel: string | undefined;
  /** Which installed detector finds what is in a photo; the recommended one, or the first, when unset. */
  readonly detectorModel: string | undefined;
  /** Photos decoded and analysed at once; more wait in the queue. */
  readonly maxConcurrency: number;
  /** Worker threads that run the ONNX models; 0 runs them on the event loop's thread. */
  readonly inferenceThreads: number;
  /** Requests allowed to wait; past it the answer is 503 SERVICE_BUSY. */
  readonly maxQueue: number;
  /** Requests per key per minute; 0 turns the limit off. */
  readonly rateLimitPerMinute: number;
  readonly logLevel: (typeof LOG_LEVELS)[number];
  readonly llm: {
    readonly mode: LlmMode;
    /** Ollama's base URL, always with an explicit port. */
    readonly host: OllamaHost;
    readonly model: string;
    readonly timeoutMs: number;
    /** How long loading the model may take, apart from any request's deadline. */
    readonly loadTimeoutMs: number;
    /** The long side of the photo the model is sent, in pixels. */
    readonly imageSize: number;
    /** Calls to Ollama at once, apart from the decode + inference slots. */
    readonly concurrency: number;
    /** Requests that may wait for a call; past it: templates (auto) or 503 SERVICE_BUSY (required). */
    readonly maxQueue: number;
    /** PAWLENS_ALLOW_REMOTE_LLM=1: the operator accepts photos leaving the private network. */
    readonly allowRemote: boolean;
    /** PAWLENS_OLLAMA_KEEP_ALIVE, sent with each call only when set (a number of seconds, or a duration). */
    readonly keepAlive: string | number | undefined;
  };
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Readonly<Config> {
  // An empty variable means "not set", as in most shells' `VAR= cmd`.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  - ${issue.message}`);
    throw new ConfigError(`pawlens cannot start; fix these environment variables:\n${lines.join('\n')}`);
  }
  const values = parsed.data;
  if (Boolean(values.PAWLENS_TLS_CERT) !== Boolean(values.PAWLENS_TLS_KEY)) {
    throw new ConfigError(
      'pawlens cannot start; fix these environment variables:\n  - PAWLENS_TLS_CERT and PAWLENS_TLS_KEY go together: set both (PEM files) for HTTPS, or neither for HTTP',
    );
  }
  return Object.freeze({
    port: values.PAWLENS_PORT,
    host: values.PAWLENS_HOST,
    dataDir: resolve(values.PAWLENS_DATA_DIR),
    database: values.PAWLENS_DATABASE_URL
      ? Object.freeze({ url: values.PAWLENS_DATABASE_URL, poolSize: values.PAWLENS_DATABASE_POOL_SIZE })
      : undefined,
    modelsDir: values.PAWLENS_MODELS_DIR ? resolve(values.PAWLENS_MODELS_DIR) : PACKAGE_MODELS_DIR,
    breedModel: values.PAWLENS_BREED_MODEL,
    detectorModel: values.PAWLENS_DETECTOR_MODEL,
    // Two per core: while one request decodes (libvips threads) another infers (the pool).
    maxConcurrency: values.PAWLENS_MAX_CONCURRENCY ?? 2 * availableParallelism(),
    inferenceThreads: values.PAWLENS_INFERENCE_THREADS ?? availableParallelism(),
    maxQueue: values.PAWLENS_MAX_QUEUE,
    rateLimitPerMinute: values.PAWLENS_RATE_LIMIT,
    logLevel: values.PAWLENS_LOG_LEVEL,
    storeLeaseMs: values.PAWLENS_STORE_LEASE_SECONDS * 1000,
    adminToken: values.PAWLENS_ADMIN_TOKEN,
    clinicName: values.PAWLENS_CLINIC_NAME,
    keepImages: values.PAWLENS_KEEP_IMAGES === '1',
    tls:
      values.PAWLENS_TLS_CERT && values.PAWLENS_TLS_KEY
        ? { certFile: resolve(values.PAWLENS_TLS_CERT), keyFile: resolve(values.PAWLENS_TLS_KEY) }
        : undefined,
    corsOrigins: (values.PAWLENS_CORS_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    requestTimeoutMs: values.PAWLENS_REQUEST_TIMEOUT_SECONDS * 1000,
    recordsRetentionMs:
      values.PAWLENS_RECORDS_RETENTION_DAYS > 0 ? values.PAWLENS_RECORDS_RETENTION_DAYS * 86_400_000 : undefined,
    llm: Object.freeze({
      mode: values.PAWLENS_LLM,
      host: parseOllamaHost(values.OLLAMA_HOST)!,
      model: values.PAWLENS_OLLAMA_MODEL,
      timeoutMs: values.PAWLENS_LLM_TIMEOUT_MS,
      loadTimeoutMs: values.PAWLENS_LLM_LOAD_TIMEOUT_MS,
      imageSize: values.PAWLENS_LLM_IMAGE_SIZE,
      concurrency: values.PAWLENS_LLM_CONCURRENCY,
      maxQueue: values.PAWLENS_LLM_MAX_QUEUE,
      allowRemote: values.PAWLENS_ALLOW_REMOTE_LLM === '1',
      // Ollama reads a bare number as seconds, and a string as a duration.
      keepAlive: /^-?\d+$/.test(values.PAWLENS_OLLAMA_KEEP_ALIVE ?? '')
        ? Number(values.PAWLENS_OLLAMA_KEEP_ALIVE)
        : values.PAWLENS_OLLAMA_KEEP_ALIVE,
    }),
  });
}
