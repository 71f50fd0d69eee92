import { ERROR_CATALOGUE, ERROR_CODES, type ErrorCode, type ErrorScope } from '../../contract/error-catalogue.js';
import { CREDITS_PER_CALL } from '../../contract/price.js';
import { EXAMPLE_REQUEST_ID } from './examples.js';

/**
 * The headers the service sends, declared once (components.headers) and referred to by every
 * response that carries them, so a generated client can read them.
 */
export const HEADERS = {
  RequestId: {
    description: 'The request id (req_…), in every answer: the server log names it.',
    schema: { type: 'string' },
  },
  CreditsCharged: {
    description: `${CREDITS_PER_CALL}, or 0 for an answer that assessed nothing and for a replay.`,
    schema: { type: 'integer', minimum: 0 },
  },
  CreditsRemaining: {
    description: "The key's balance after the call (or, on a 402, now); absent for an unlimited key.",
    schema: { type: 'integer', minimum: 0 },
  },
  IdempotentReplayed: {
    description: 'true when the answer is the stored one of an earlier call with the same Idempotency-Key.',
    schema: { type: 'string', enum: ['true'] },
  },
  RetryAfter: { description: 'Seconds to wait before retrying.', schema: { type: 'integer', minimum: 0 } },
  WwwAuthenticate: { description: 'The Bearer challenge (RFC 6750).', schema: { type: 'string' } },
} as const;

const header = (name: keyof typeof HEADERS) => ({ $ref: `#/components/headers/${name}` });

/** The headers an error of this status carries besides X-Request-Id. */
function errorHeaders(status: number, codes: readonly ErrorCode[]) {
  return {
    'X-Request-Id': header('RequestId'),
    ...(status === 401 ? { 'WWW-Authenticate': header('WwwAuthenticate') } : {}),
    ...(status === 402 ? { 'X-Credits-Remaining': header('CreditsRemaining') } : {}),
    ...(status === 429 || status === 503 || codes.includes('IDEMPOTENCY_IN_PROGRESS')
      ? { 'Retry-After': header('RetryAfter') }
      : {}),
  };
}

/**
 * The error responses of a path, by status: every catalogued code whose scope is in `scopes` (and
 * `also`), each status with the error envelope's schema, the codes it may carry and their headers.
 */
export function errorResponses(scopes: readonly ErrorScope[], also: readonly ErrorCode[] = []) {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of ERROR_CODES.filter((code) => scopes.includes(ERROR_CATALOGUE[code].on) || also.includes(code))) {
    const { status } = ERROR_CATALOGUE[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return Object.fromEntries(
    [...byStatus]
      .sort(([a], [b]) => a - b)
      .map(([status, codes]) => [
        String(status),
        {
          description: codes.map((code) => `${code}: ${ERROR_CATALOGUE[code].message}`).join('\n\n'),
          headers: errorHeaders(status, codes),
          content: {
            'application/json': {
              schema: { $ref: '#/components/schemas/ErrorEnvelope' },
              example: {
                success: false,
                request_id: EXAMPLE_REQUEST_ID,
                error: { code: codes[0], message: ERROR_CATALOGUE[codes[0]!].message },
              },
            },
          },
        },
      ]),
  );
}

/** X-Request-Id, for a success's headers. */
export const REQUEST_ID_HEADER = { 'X-Request-Id': header('RequestId') };
/** The headers of a paid analysis's 200. */
export const ANALYSIS_HEADERS = {
  ...REQUEST_ID_HEADER,
  'X-Credits-Charged': header('CreditsCharged'),
  'X-Credits-Remaining': header('CreditsRemaining'),
  'Idempotent-Replayed': header('IdempotentReplayed'),
};
