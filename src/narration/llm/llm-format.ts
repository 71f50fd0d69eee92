import { z } from 'zod';

const formats = new WeakMap<z.ZodObject, Record<string, unknown>>();

/**
 * What the grammar lets a model write, within the contract's own limits (docs/design.md §6): short
 * enough that the longest answer the grammar allows fits in `num_predict` (LLM_MAX_TOKENS), so an
 * answer can never come back cut off, in Chinese either.
 */
export const LLM_TEXT_LIMITS = { summary: 400, label: 80, item: 120, items: 4 } as const;

/**
 * The most tokens any answer within LLM_TEXT_LIMITS can take: two per character covers a
 * Chinese character split in bytes and the JSON around the fields. CHAT_OPTIONS.num_predict is this.
 */
export const LLM_MAX_TOKENS = 4096;

/** Fields written last: the verdict after the observations, and the model's confidence after its reading. */
const LAST = ['severity', 'confidence'];

type JsonSchema = Record<string, unknown> & {
  properties?: Record<string, Record<string, unknown>>;
  items?: Record<string, unknown>;
};

const atMost = (limit: number, current: unknown) => (typeof current === 'number' ? Math.min(limit, current) : limit);

/** One field as the grammar should bound it. */
function boundField(key: string, field: Record<string, unknown>): Record<string, unknown> {
  // Grammars enforce integer bounds, not decimal ones: a confidence is asked as a whole percent.
  if (key === 'confidence') return { type: 'integer', minimum: 0, maximum: 100, description: 'percent, 0 to 100' };
  if (field.type === 'string')
    return {
      ...field,
      maxLength: atMost(key === 'summary' ? LLM_TEXT_LIMITS.summary : LLM_TEXT_LIMITS.label, field.maxLength),
    };
  if (field.type === 'array') {
    const items = (field.items ?? {}) as Record<string, unknown>;
    return {
      ...field,
      maxItems: atMost(LLM_TEXT_LIMITS.items, field.maxItems),
      items: items.type === 'string' ? { ...items, maxLength: atMost(LLM_TEXT_LIMITS.item, items.maxLength) } : items,
    };
  }
  return field;
}

/**
 * The JSON Schema sent as Ollama's `format`: the grammar then forces the types, enums, required
 * fields, list lengths and text lengths, and the order the fields are written in, which is the
 * order of `properties`: the photo check first, the observations, and the severity last, so the
 * model describes before it judges. It cannot force sentence counts or language; zod checks those.
 */
export function llmFormat(fields: z.ZodObject): Record<string, unknown> {
  let format = formats.get(fields);
  if (!format) {
    const { $schema: _dialect, ...schema } = z.toJSONSchema(fields, {
      target: 'draft-2020-12',
      io: 'input',
      unrepresentable: 'any',
    }) as JsonSchema;
    const properties = Object.entries(schema.properties ?? {}).map(
      ([key, field]) => [key, boundField(key, field)] as const,
    );
    const ordered = [
      ...properties.filter(([key]) => !LAST.includes(key)),
      ...LAST.flatMap((last) => properties.filter(([key]) => key === last)),
    ];
    format = { ...schema, properties: Object.fromEntries(ordered) };
    formats.set(fields, format);
  }
  return format;
}

/**
 * An answer as the grammar had it written → as the contract reads it: the whole percent of
 * `confidence` as a share. A decimal share (a build that ignored `format`) is kept as it is.
 */
export function fromLlmFormat(answer: Record<string, unknown>): Record<string, unknown> {
  const { confidence } = answer;
  if (typeof confidence !== 'number' || (!Number.isInteger(confidence) && confidence <= 1)) return answer;
  return { ...answer, confidence: confidence / 100 };
}
