import { z } from 'zod';
import { ERROR_CODES } from './error-catalogue.js';

/** `req_` followed by a URL-safe id (docs/contract.md §2.2). */
/** A request id as every envelope and X-Request-Id write it. */
export const REQUEST_ID_FORMAT = /^req_[A-Za-z0-9_-]{8,64}$/;
export const RequestId = z.string().regex(REQUEST_ID_FORMAT);

const envelopes = new WeakMap<z.ZodType, z.ZodType>();

/** The success envelope around `data`; built once per data schema, since every answer is checked against it. */
export function successEnvelope<T extends z.ZodType>(data: T) {
  const build = () => z.strictObject({ success: z.literal(true), request_id: RequestId, data });
  let envelope = envelopes.get(data) as ReturnType<typeof build> | undefined;
  if (!envelope) {
    envelope = build();
    envelopes.set(data, envelope);
  }
  return envelope;
}

export const ErrorEnvelope = z.strictObject({
  success: z.literal(false),
  request_id: RequestId,
  error: z.strictObject({
    code: z.enum(ERROR_CODES),
    message: z.string().min(1).max(500),
  }),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;
