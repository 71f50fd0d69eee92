/**
 * A fake Ollama: a real HTTP server on 127.0.0.1 that speaks Ollama's wire format (as of 0.12) for
 * the endpoints pawlens uses — GET /, /api/version, /api/tags, /api/ps, POST /api/show and
 * /api/chat (NDJSON streaming by default, one JSON object with stream:false) — with Ollama's error
 * bodies, so the real `ollama` client runs against it unchanged. Each /api/chat call is answered by
 * a scripted behaviour (answer, error, busy, hang, drop); by default it answers the `format`
 * schema in the language the prompt asks for.
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { schemaAnswer, type AnswerLanguage } from '../schema-answer.js';

export interface ChatRequestBody {
  model: string;
  messages: Array<{ role: string; content: string; images?: string[] }>;
  format?: unknown;
  options?: Record<string, unknown>;
  stream?: boolean;
  keep_alive?: string | number;
  think?: boolean;
}

export type ChatBehaviour =
  /** inThinking: the text goes to message.thinking and content stays "". */
  | {
      kind: 'answer';
      content: string | ((request: ChatRequestBody) => string);
      inThinking?: boolean;
      doneReason?: 'stop' | 'length';
      /** Answers only once this settles: a model still writing, for tests that need calls in flight. */
      after?: Promise<unknown>;
      /** Takes this long to write, from when its generation starts (it holds a generation slot meanwhile). */
      delayMs?: number;
    }
  | { kind: 'error'; status: number; error: string }
  /** A body that is not Ollama's JSON: what a proxy in front of it, or a crash, sends. */
  | { kind: 'raw'; status: number; body: string; contentType: string }
  /** 503 with Ollama's "server busy" body. */
  | { kind: 'busy' }
  /** Reads the request and never answers, until the client gives up or the fake closes. */
  | { kind: 'hang' }
  /** Destroys the socket without any response. */
  | { kind: 'drop' };

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** The parsed JSON body; the raw text when it is not JSON; undefined when empty. */
  body: unknown;
}

/**
 * Default capabilities: ['completion', 'vision']. A model without 'vision' still answers a chat
 * with images, as the real server does: it drops them and writes about a photo it never saw.
 * `remote`: Ollama forwards it to ollama.com, and /api/show says where (remote_host); a name
 * ending in ":cloud" or "-cloud" is one.
 */
export interface FakeModel {
  name: string;
  capabilities?: string[];
  remote?: boolean;
  /**
   * How long loading it takes, as on a CPU host (a 4B model: about a minute). Default 0. A model is
   * loaded by the first chat that needs it (or a load-only chat); a load every waiting client
   * hung up on is abandoned, and the next chat starts it again.
   */
  loadMs?: number;
  /** Loading it fails with this error (HTTP 500), as a model too large for the host's memory does. */
  loadError?: string;
}

/** What happened to a model's loads: started, abandoned because every client waiting on one hung up, and whether it is loaded now. */
export interface LoadRecord {
  started: number;
  abandoned: number;
  loaded: boolean;
}

export interface FakeOllama {
  /** 'http://127.0.0.1:PORT' */
  readonly url: string;
  /** '127.0.0.1:PORT', the form OLLAMA_HOST takes. */
  readonly host: string;
  /** Every request, in the order its body finished arriving. */
  readonly requests: RecordedRequest[];
  /** The bodies of the POST /api/chat requests that were JSON objects and asked for an answer (had messages). */
  chatRequests(): ChatRequestBody[];
  /** The load-only chats (no messages): what a client sends to have the model loaded. */
  loadRequests(): ChatRequestBody[];
  /** The loads of a model so far. */
  loads(name: string): LoadRecord;
  /** Unloads a model, as its keep_alive running out does: the next chat loads it again. */
  unload(name: string): void;
  setModels(models: FakeModel[]): void;
  /** The next /api/chat calls take these in order; when the queue is empty, the default behaviour answers. */
  enqueue(...behaviours: ChatBehaviour[]): void;
  setDefault(behaviour: ChatBehaviour): void;
  /** Clears requests, queue and what is loaded; the default goes back to the schema answer. Models stay. */
  reset(): void;
  /** Closes all sockets, including hanging ones. */
  close(): Promise<void>;
}

export const OLLAMA_VERSION = '0.12.3';
export const BUSY_ERROR = 'server busy, please try again.  maximum pending requests exceeded';
const DEFAULT_CAPABILITIES = ['completion', 'vision'];
const MODIFIED_AT = '2026-10-01T10:00:00.000000000Z';
const JSON_TYPE = 'application/json; charset=utf-8';
const LANGUAGE_MARKER = /\[language:\s*(en|zh|es)\]/i;

/** The language the prompt asks for: the first `[language: en|zh|es]` marker in the messages; 'en' otherwise. */
export function languageOf(request: ChatRequestBody): AnswerLanguage {
  for (const message of Array.isArray(request.messages) ? request.messages : []) {
    if (typeof message?.content !== 'string') continue;
    const match = LANGUAGE_MARKER.exec(message.content);
    if (match?.[1]) return match[1].toLowerCase() as AnswerLanguage;
  }
  return 'en';
}

/** The default behaviour: the `format` schema answered in the prompt's language. */
export function schemaAnswerBehaviour(overrides?: Record<string, unknown>): Extract<ChatBehaviour, { kind: 'answer' }> {
  return {
    kind: 'answer',
    content: (request) => JSON.stringify(schemaAnswer(request.format, languageOf(request), overrides)),
  };
}

// ---------------------------------------------------------------------------------------------
// Models

/** Ollama's name matching: case-insensitive, the default registry/namespace implied, ':latest' implied. */
function canonicalName(name: string): string {
  let n = name.trim().toLowerCase();
  n = n.replace(/^registry\.ollama\.ai\//, '').replace(/^library\//, '');
  const lastSegment = n.slice(n.lastIndexOf('/') + 1);
  return lastSegment.includes(':') ? n : `${n}:latest`;
}

function displayName(name: string): string {
  const lastSegment = name.slice(name.lastIndexOf('/') + 1);
  return lastSegment.includes(':') ? name : `${name}:latest`;
}

function modelDetails(name: string) {
  const display = displayName(name);
  const base = display.slice(display.lastIndexOf('/') + 1);
  const [family = 'llama', tag = 'latest'] = base.split(':');
  const knownSizes: Record<string, string> = { 'gemma3:4b': '4.3B', 'gemma3:12b': '12.2B', 'gemma3:27b': '27.4B' };
  const sizeFromTag = /^(\d+(?:\.\d+)?)b\b/i.exec(tag)?.[1];
  return {
    parent_model: '',
    format: 'gguf',
    family,
    families: [family],
    parameter_size: knownSizes[base] ?? (sizeFromTag ? `${sizeFromTag}B` : '4.3B'),
    quantization_level: 'Q4_K_M',
  };
}

function digestOf(name: string): string {
  return createHash('sha256')
    .update(`fake-ollama:${displayName(name)}`)
    .digest('hex');
}

function sizeOf(name: string): number {
  if (canonicalName(name) === 'gemma3:4b') return 3338801804;
  return 1_000_000_000 + (parseInt(digestOf(name).slice(0, 7), 16) % 4_000_000_000);
}

function tagsEntry(model: FakeModel) {
  const name = displayName(model.name);
  return {
    name,
    model: name,
    modified_at: MODIFIED_AT,
    size: sizeOf(model.name),
    digest: digestOf(model.name),
    details: modelDetails(model.name),
  };
}

function showBody(model: FakeModel) {
  const name = displayName(model.name);
  const details = modelDetails(model.name);
  const capabilities = model.capabilities ?? DEFAULT_CAPABILITIES;
  return {
    license: 'Gemma Terms of Use\n\nLast modified: February 21, 2024\n…',
    modelfile:
      `# Modelfile generated by "ollama show"\n# To build a new Modelfile based on this, replace FROM with:\n# FROM ${name}\n\n` +
      `FROM /root/.ollama/models/blobs/sha256-${digestOf(model.name)}\n` +
      'TEMPLATE """{{- range $i, $_ := .Messages }}<start_of_turn>{{ .Role }}\n{{ .Content }}<end_of_turn>\n{{ end }}<start_of_turn>model\n"""\n' +
      'PARAMETER stop <end_of_turn>\nPARAMETER temperature 1\nPARAMETER top_k 64\nPARAMETER top_p 0.95\n',
    parameters:
      'stop                           "<end_of_turn>"\ntemperature                    1\ntop_k                          64\ntop_p                          0.95',
    template:
      '{{- range $i, $_ := .Messages }}<start_of_turn>{{ .Role }}\n{{ .Content }}<end_of_turn>\n{{ end }}<start_of_turn>model\n',
    details,
    model_info: {
      'general.architecture': details.family,
      'general.file_type': 15,
      'general.parameter_count': 4299915632,
      'general.quantization_version': 2,
      [`${details.family}.context_length`]: 131072,
      [`${details.family}.embedding_length`]: 2560,
      [`${details.family}.block_count`]: 34,
    },
    capabilities,
    ...((model.remote ?? /[:-]cloud$/.test(model.name)) && {
      remote_model: name.replace(/[:-]cloud$/, ''),
      remote_host: 'https://ollama.com:443',
    }),
    modified_at: MODIFIED_AT,
  };
}

// ---------------------------------------------------------------------------------------------
// Go-compatible request decoding (encoding/json through gin's ShouldBindJSON)

/** Go's quoteChar: 'x', '\'' , '"', or an escaped form. */
function quoteChar(c: string): string {
  if (c === "'") return `'\\''`;
  if (c === '"') return `'"'`;
  const quoted = JSON.stringify(c);
  return `'${quoted.slice(1, -1)}'`;
}

class GoSyntaxError extends Error {}

/**
 * Checks the first JSON value of `text` as Go's json.Decoder does, with its error texts
 * ("invalid character 'x' looking for beginning of value", "unexpected EOF"). Data after the first
 * value is ignored, as Decoder.Decode ignores it. Returns undefined for whitespace only (io.EOF).
 */
function goJsonSyntaxError(text: string): string | undefined {
  let i = 0;
  const eof = (): never => {
    throw new GoSyntaxError('unexpected EOF');
  };
  const bad = (context: string): never => {
    throw new GoSyntaxError(`invalid character ${quoteChar(text[i] ?? '')} ${context}`);
  };
  const ws = () => {
    while (i < text.length && ' \t\r\n'.includes(text[i] as string)) i++;
  };
  const literal = (word: string) => {
    for (let k = 1; k < word.length; k++) {
      i++;
      if (i >= text.length) eof();
      if (text[i] !== word[k]) bad(`in literal ${word} (expecting ${quoteChar(word[k] as string)})`);
    }
    i++;
  };
  const string = () => {
    i++; // opening quote
    for (;;) {
      if (i >= text.length) eof();
      const c = text[i] as string;
      if (c === '"') {
        i++;
        return;
      }
      if (c === '\\') {
        i++;
        if (i >= text.length) eof();
        const e = text[i] as string;
        if (e === 'u') {
          for (let k = 0; k < 4; k++) {
            i++;
            if (i >= text.length) eof();
            if (!/[0-9a-fA-F]/.test(text[i] as string)) bad('in \\u hexadecimal character escape');
          }
        } else if (!'"\\/bfnrt'.includes(e)) bad('in string escape code');
        i++;
        continue;
      }
      if (c < ' ') bad('in string literal');
      i++;
    }
  };
  const number = () => {
    if (text[i] === '-') {
      i++;
      if (i >= text.length) eof();
      if (!/[0-9]/.test(text[i] as string)) bad('in numeric literal');
    }
    if (text[i] === '0') i++;
    else while (i < text.length && /[0-9]/.test(text[i] as string)) i++;
    if (text[i] === '.') {
      i++;
      if (i >= text.length) eof();
      if (!/[0-9]/.test(text[i] as string)) bad('after decimal point in numeric literal');
      while (i < text.length && /[0-9]/.test(text[i] as string)) i++;
    }
    if (text[i] === 'e' || text[i] === 'E') {
      i++;
      if (text[i] === '+' || text[i] === '-') i++;
      if (i >= text.length) eof();
      if (!/[0-9]/.test(text[i] as string)) bad('in exponent of numeric literal');
      while (i < text.length && /[0-9]/.test(text[i] as string)) i++;
    }
  };
  /** After an object's or array's item: a comma means another follows (false), `close` ends it (true). */
  const closedAfterItem = (close: string, where: string): boolean => {
    ws();
    if (i >= text.length) eof();
    if (text[i] === ',') {
      i++;
      return false;
    }
    if (text[i] !== close) bad(where);
    i++;
    return true;
  };
  const value = (): void => {
    ws();
    if (i >= text.length) eof();
    const c = text[i] as string;
    if (c === '{') {
      i++;
      ws();
      if (i >= text.length) eof();
      if (text[i] === '}') {
        i++;
        return;
      }
      for (;;) {
        ws();
        if (i >= text.length) eof();
        if (text[i] !== '"') bad('looking for beginning of object key string');
        string();
        ws();
        if (i >= text.length) eof();
        if (text[i] !== ':') bad('after object key');
        i++;
        value();
        if (closedAfterItem('}', 'after object key:value pair')) return;
      }
    }
    if (c === '[') {
      i++;
      ws();
      if (i >= text.length) eof();
      if (text[i] === ']') {
        i++;
        return;
      }
      for (;;) {
        value();
        if (closedAfterItem(']', 'after array element')) return;
      }
    }
    if (c === '"') return string();
    if (c === '-' || /[0-9]/.test(c)) return number();
    if (c === 't') return literal('true');
    if (c === 'f') return literal('false');
    if (c === 'n') return literal('null');
    bad('looking for beginning of value');
  };
  ws();
  if (i >= text.length) return undefined;
  try {
    value();
    return undefined;
  } catch (error) {
    if (error instanceof GoSyntaxError) return error.message;
    throw error;
  }
}

function goKind(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  if (value === null) return 'null';
  if (typeof value === 'boolean') return 'bool';
  return typeof value; // 'string' | 'number' | 'object'
}

/** Go's base64.StdEncoding.Decode error offset, or -1 when `data` decodes. */
function base64ErrorOffset(data: string): number {
  const clean = data.replace(/[\r\n]/g, '');
  for (let k = 0; k < clean.length; k++) {
    const c = clean[k] as string;
    if (/[A-Za-z0-9+/]/.test(c)) continue;
    if (c === '=') {
      const rest = clean.slice(k);
      const position = k % 4;
      if ((position === 2 && rest === '==') || (position === 3 && rest === '=')) return -1;
      return k;
    }
    return k;
  }
  return clean.length % 4 === 0 ? -1 : clean.length - (clean.length % 4);
}

/** Mirrors the type errors encoding/json reports for the api.ChatRequest fields pawlens sends. */
function chatTypeError(body: unknown): string | undefined {
  if (body === null) return undefined; // null into a struct is a no-op in Go
  if (goKind(body) !== 'object') return `json: cannot unmarshal ${goKind(body)} into Go value of type api.ChatRequest`;
  const request = body as Record<string, unknown>;
  const field = (name: string, goType: string, ok: (v: unknown) => boolean): string | undefined =>
    request[name] === undefined || request[name] === null || ok(request[name])
      ? undefined
      : `json: cannot unmarshal ${goKind(request[name])} into Go struct field ChatRequest.${name} of type ${goType}`;
  const simple =
    field('model', 'string', (v) => typeof v === 'string') ??
    field('messages', '[]api.Message', Array.isArray) ??
    field('stream', 'bool', (v) => typeof v === 'boolean') ??
    field('options', 'map[string]interface {}', (v) => goKind(v) === 'object');
  if (simple) return simple;
  for (const message of (request.messages as unknown[] | undefined) ?? []) {
    if (message === null) continue;
    if (goKind(message) !== 'object')
      return `json: cannot unmarshal ${goKind(message)} into Go struct field ChatRequest.messages of type api.Message`;
    const m = message as Record<string, unknown>;
    for (const key of ['role', 'content'] as const) {
      if (m[key] !== undefined && m[key] !== null && typeof m[key] !== 'string') {
        return `json: cannot unmarshal ${goKind(m[key])} into Go struct field Message.messages.${key} of type string`;
      }
    }
    if (m.images === undefined || m.images === null) continue;
    if (!Array.isArray(m.images))
      return `json: cannot unmarshal ${goKind(m.images)} into Go struct field Message.messages.images of type []api.ImageData`;
    for (const image of m.images) {
      if (image === null) continue;
      if (typeof image !== 'string')
        return `json: cannot unmarshal ${goKind(image)} into Go struct field Message.messages.images of type api.ImageData`;
      const offset = base64ErrorOffset(image);
      if (offset >= 0) return `illegal base64 data at input byte ${offset}`;
    }
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Responses

/** time.Now().UTC() as Go's RFC3339Nano writes it: nanoseconds, trailing zeros trimmed. */
function createdAt(): string {
  const now = new Date();
  const nanos = String(process.hrtime.bigint() % 1_000_000n).padStart(6, '0');
  const iso = now.toISOString(); // 2026-10-01T10:00:00.123Z
  const fraction = `${iso.slice(20, 23)}${nanos}`.replace(/0+$/, '');
  return `${iso.slice(0, 19)}${fraction ? `.${fraction}` : ''}Z`;
}

function sendJson(res: http.ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': JSON_TYPE, 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

function sendError(res: http.ServerResponse, status: number, error: string): void {
  sendJson(res, status, { error });
}

function sendNotFoundPage(res: http.ServerResponse): void {
  const text = '404 page not found';
  res.writeHead(404, { 'Content-Type': 'text/plain', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

function estimateTokens(text: string): number {
  return Math.max(1, Math.ceil(Array.from(text).length / 4));
}

function metrics(request: ChatRequestBody, output: string) {
  const messages = Array.isArray(request.messages) ? request.messages : [];
  const promptEvalCount =
    messages.reduce(
      (sum, m) =>
        sum + estimateTokens(typeof m?.content === 'string' ? m.content : '') + 256 * (m?.images?.length ?? 0),
      0,
    ) + 8;
  const evalCount = estimateTokens(output);
  const loadDuration = 84_721_125;
  const promptEvalDuration = promptEvalCount * 211_000;
  const evalDuration = evalCount * 19_870_000;
  return {
    total_duration: loadDuration + promptEvalDuration + evalDuration + 3_204_500,
    load_duration: loadDuration,
    prompt_eval_count: promptEvalCount,
    prompt_eval_duration: promptEvalDuration,
    eval_count: evalCount,
    eval_duration: evalDuration,
  };
}

/** Token-sized pieces (a few code points each) as a model would stream them. */
function pieces(text: string): string[] {
  const chars = Array.from(text);
  const out: string[] = [];
  for (let k = 0; k < chars.length; k += 5) out.push(chars.slice(k, k + 5).join(''));
  return out;
}

// ---------------------------------------------------------------------------------------------
// Server

function readBody(req: http.IncomingMessage): Promise<Buffer | undefined> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', () => resolve(undefined));
    req.on('close', () => resolve(req.complete ? Buffer.concat(chunks) : undefined));
  });
}

function parseRecorded(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export async function startFakeOllama(
  options: {
    models?: FakeModel[];
    defaultBehaviour?: ChatBehaviour;
    /** Chats generated at once, as OLLAMA_NUM_PARALLEL (default 1, Ollama's): the others wait inside it. */
    parallel?: number;
    /** Where to listen: loopback on a free port by default; 0.0.0.0:11434 in a container. */
    listen?: { host: string; port: number };
  } = {},
): Promise<FakeOllama> {
  let models: FakeModel[] = [...(options.models ?? [{ name: 'gemma3:4b' }])];
  let defaultBehaviour: ChatBehaviour = options.defaultBehaviour ?? schemaAnswerBehaviour();
  const queue: ChatBehaviour[] = [];
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();

  const findModel = (name: string): FakeModel | undefined =>
    models.find((model) => canonicalName(model.name) === canonicalName(name));

  // Residency: which models are loaded, and the load in progress with the clients waiting on it.
  interface Load {
    readonly waiters: Set<http.ServerResponse>;
    readonly done: Promise<boolean>;
    settle(loaded: boolean): void;
    timer: NodeJS.Timeout | undefined;
  }
  const residency = new Map<string, LoadRecord & { load?: Load }>();
  const residencyOf = (name: string) => {
    const key = canonicalName(name);
    const record = residency.get(key) ?? { started: 0, abandoned: 0, loaded: false };
    residency.set(key, record);
    return record;
  };

  /** Loads the model before a chat, as Ollama does; false when the client hung up first (and, if it was the last waiting, the load is abandoned). */
  async function ensureLoaded(model: FakeModel, res: http.ServerResponse): Promise<boolean> {
    const record = residencyOf(model.name);
    if (record.loaded) return true;
    if (!record.load) {
      record.started++;
      let settle: (loaded: boolean) => void = () => {};
      const done = new Promise<boolean>((resolve) => (settle = resolve));
      const load: Load = { waiters: new Set(), done, settle, timer: undefined };
      load.timer = setTimeout(() => {
        record.loaded = true;
        record.load = undefined;
        settle(true);
      }, model.loadMs ?? 0);
      record.load = load;
    }
    const load = record.load;
    load.waiters.add(res);
    const hungUp = () => {
      load.waiters.delete(res);
      if (load.waiters.size > 0 || record.load !== load) return;
      clearTimeout(load.timer);
      record.load = undefined;
      record.abandoned++;
      load.settle(false);
    };
    res.once('close', hungUp);
    const loaded = await load.done;
    res.off('close', hungUp);
    load.waiters.delete(res);
    return loaded && !res.destroyed;
  }

  // Generation: `parallel` chats at once; the rest wait, in order, inside the server.
  const parallel = options.parallel ?? 1;
  let generating = 0;
  const waitingToGenerate: Array<{ res: http.ServerResponse; start: (ok: boolean) => void }> = [];
  const finishGeneration = () => {
    generating--;
    while (waitingToGenerate.length > 0 && generating < parallel) {
      const next = waitingToGenerate.shift()!;
      if (next.res.destroyed) {
        next.start(false);
        continue;
      }
      generating++;
      next.start(true);
    }
  };
  /** Waits for a generation slot; once it has one, frees it when the response ends or the client leaves. */
  async function generationSlot(res: http.ServerResponse): Promise<boolean> {
    let started = generating < parallel;
    if (started) generating++;
    else started = await new Promise<boolean>((start) => waitingToGenerate.push({ res, start }));
    if (started) res.once('close', finishGeneration);
    return started && !res.destroyed;
  }

  function handleShow(body: string, res: http.ServerResponse): void {
    const syntax = goJsonSyntaxError(body);
    if (body.trim() === '') return sendError(res, 400, 'missing request body');
    if (syntax) return sendError(res, 400, syntax);
    const parsed = JSON.parse(body) as unknown;
    if (parsed !== null && goKind(parsed) !== 'object') {
      return sendError(res, 400, `json: cannot unmarshal ${goKind(parsed)} into Go value of type api.ShowRequest`);
    }
    const request = (parsed ?? {}) as Record<string, unknown>;
    const name = typeof request.name === 'string' && request.name !== '' ? request.name : request.model;
    if (typeof name !== 'string' || name === '') return sendError(res, 400, 'model is required');
    const model = findModel(name);
    if (!model) return sendError(res, 404, `model '${name}' not found`);
    sendJson(res, 200, showBody(model));
  }

  async function handleChat(body: string, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    if (body.trim() === '') return sendError(res, 400, 'missing request body');
    const syntax = goJsonSyntaxError(body);
    if (syntax) return sendError(res, 400, syntax);
    const parsed = JSON.parse(body) as unknown;
    const typeError = chatTypeError(parsed);
    if (typeError) return sendError(res, 400, typeError);
    const request = (parsed ?? {}) as ChatRequestBody;
    const name = typeof request.model === 'string' ? request.model : '';
    if (name.trim() === '') return sendError(res, 400, 'model is required');
    const model = findModel(name);
    if (!model) return sendError(res, 404, `model ${JSON.stringify(name)} not found, try pulling it first`);
    const capabilities = model.capabilities ?? DEFAULT_CAPABILITIES;
    if (!capabilities.includes('completion'))
      return sendError(res, 400, `${JSON.stringify(name)} does not support chat`);
    const think = request.think as unknown;
    if ((think === true || (typeof think === 'string' && think !== '')) && !capabilities.includes('thinking')) {
      return sendError(res, 400, `${JSON.stringify(name)} does not support thinking`);
    }

    // Every chat needs the model loaded first; a client that hangs up during the load gets nothing.
    if (!(await ensureLoaded(model, res))) return;
    if (model.loadError) {
      residencyOf(model.name).loaded = false;
      return sendError(res, 500, model.loadError);
    }

    // No messages: Ollama only loads the model and says so.
    if (!Array.isArray(request.messages) || request.messages.length === 0) {
      return sendJson(res, 200, {
        model: name,
        created_at: createdAt(),
        message: { role: 'assistant', content: '' },
        done_reason: 'load',
        done: true,
      });
    }
    if (!(await generationSlot(res))) return;

    const behaviour = queue.shift() ?? defaultBehaviour;
    switch (behaviour.kind) {
      case 'error':
        return sendError(res, behaviour.status, behaviour.error);
      case 'raw':
        res.writeHead(behaviour.status, { 'Content-Type': behaviour.contentType });
        return void res.end(behaviour.body);
      case 'busy':
        return sendError(res, 503, BUSY_ERROR);
      case 'hang':
        return; // the socket stays open until the client leaves or close() destroys it
      case 'drop':
        req.socket.destroy();
        return;
      case 'answer':
        break;
    }

    if (behaviour.after || behaviour.delayMs) {
      const { after, delayMs, ...now } = behaviour;
      const written = Promise.all([after, new Promise((resolve) => setTimeout(resolve, delayMs ?? 0))]);
      void written.then(() => !res.destroyed && handleAnswer(now, request, name, res));
      return;
    }
    handleAnswer(behaviour, request, name, res);
  }

  function handleAnswer(
    behaviour: Extract<ChatBehaviour, { kind: 'answer' }>,
    request: ChatRequestBody,
    name: string,
    res: http.ServerResponse,
  ): void {
    const text = typeof behaviour.content === 'function' ? behaviour.content(request) : behaviour.content;
    const doneReason = behaviour.doneReason ?? 'stop';
    const field = behaviour.inThinking ? 'thinking' : 'content';
    const stats = metrics(request, text);

    if (request.stream === false) {
      const message = behaviour.inThinking
        ? { role: 'assistant', content: '', thinking: text }
        : { role: 'assistant', content: text };
      return sendJson(res, 200, {
        model: name,
        created_at: createdAt(),
        message,
        done_reason: doneReason,
        done: true,
        ...stats,
      });
    }

    res.writeHead(200, { 'Content-Type': 'application/x-ndjson' });
    for (const piece of pieces(text)) {
      if (res.destroyed) return;
      const message =
        field === 'thinking'
          ? { role: 'assistant', content: '', thinking: piece }
          : { role: 'assistant', content: piece };
      res.write(`${JSON.stringify({ model: name, created_at: createdAt(), message, done: false })}\n`);
    }
    if (res.destroyed) return;
    res.end(
      `${JSON.stringify({
        model: name,
        created_at: createdAt(),
        message: { role: 'assistant', content: '' },
        done_reason: doneReason,
        done: true,
        ...stats,
      })}\n`,
    );
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const raw = await readBody(req);
    if (raw === undefined) return; // the client went away mid-body
    const text = raw.toString('utf8');
    const method = req.method ?? 'GET';
    const path = new URL(req.url ?? '/', 'http://fake-ollama').pathname;
    requests.push({ method, path, headers: { ...req.headers }, body: parseRecorded(text) });

    const route = `${method} ${path}`;
    switch (route) {
      case 'GET /':
      case 'HEAD /': {
        const page = 'Ollama is running';
        res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': Buffer.byteLength(page) });
        return void res.end(method === 'HEAD' ? undefined : page);
      }
      case 'GET /api/version':
      case 'HEAD /api/version':
        return sendJson(res, 200, { version: OLLAMA_VERSION });
      case 'GET /api/tags':
      case 'HEAD /api/tags':
        return sendJson(res, 200, { models: models.map(tagsEntry) });
      case 'GET /api/ps':
        return sendJson(res, 200, {
          models: models
            .filter((model) => residencyOf(model.name).loaded)
            .map((model) => ({
              ...tagsEntry(model),
              expires_at: '2099-01-01T00:00:00Z',
              size_vram: 0,
            })),
        });
      case 'POST /api/show':
        return handleShow(text, res);
      case 'POST /api/chat':
        return handleChat(text, req, res);
      default:
        return sendNotFoundPage(res);
    }
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent && !res.destroyed)
        sendError(res, 500, error instanceof Error ? error.message : String(error));
      else res.destroy();
    });
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.on('clientError', (_error, socket) => socket.destroy());

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.listen?.port ?? 0, options.listen?.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;

  let closing: Promise<void> | undefined;
  const chats = () =>
    requests
      .filter((r) => r.method === 'POST' && r.path === '/api/chat' && goKind(r.body) === 'object')
      .map((r) => r.body as ChatRequestBody);

  return {
    url: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    requests,
    chatRequests() {
      return chats().filter((chat) => Array.isArray(chat.messages) && chat.messages.length > 0);
    },
    loadRequests() {
      return chats().filter((chat) => !Array.isArray(chat.messages) || chat.messages.length === 0);
    },
    loads(name) {
      const { started, abandoned, loaded } = residencyOf(name);
      return { started, abandoned, loaded };
    },
    unload(name) {
      residencyOf(name).loaded = false;
    },
    setModels(next) {
      models = [...next];
    },
    enqueue(...behaviours) {
      queue.push(...behaviours);
    },
    setDefault(behaviour) {
      defaultBehaviour = behaviour;
    },
    reset() {
      requests.length = 0;
      queue.length = 0;
      residency.clear();
      defaultBehaviour = schemaAnswerBehaviour();
    },
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        for (const socket of sockets) socket.destroy();
        sockets.clear();
      });
      return closing;
    },
  };
}
