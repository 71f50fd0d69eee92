import { z } from 'zod';

const formats = new WeakMap<z.ZodObject, Record<string, unknown>>();

/**
 * The JSON Schema sent as Ollama's `format`: the grammar then forces the types, enums, required
 * fields and list lengths. It cannot force sentence counts, ranges or language; zod checks those.
 */
export function llmFormat(fields: z.ZodObject): Record<string, unknown> {
  let format = formats.get(fields);
  if (!format) {
    const { $schema: _dialect, ...schema } = z.toJSONSchema(fields, {
      target: 'draft-2020-12',
      io: 'input',
      unrepresentable: 'any',
    });
    format = schema;
    formats.set(fields, format);
  }
  return format;
}
