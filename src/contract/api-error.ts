import { ERROR_CATALOGUE, type ErrorCode } from './error-catalogue.js';

/**
 * The one error type the HTTP layer turns into an envelope. Anything else thrown becomes
 * INTERNAL_ERROR, so a message only reaches a client when a thrower chose it for one.
 */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;

  constructor(code: ErrorCode, message?: string, headers: Record<string, string> = {}) {
    super(message ?? ERROR_CATALOGUE[code].message);
    this.name = 'ApiError';
    this.code = code;
    this.status = ERROR_CATALOGUE[code].status;
    this.headers = headers;
  }
}
