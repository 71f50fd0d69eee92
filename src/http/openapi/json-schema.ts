import { z } from 'zod';

/** A request is documented as it may be sent (before the parser's transforms), a response as it is sent. */
export const jsonSchema = (schema: z.ZodType, io: 'input' | 'output') =>
  z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' });
