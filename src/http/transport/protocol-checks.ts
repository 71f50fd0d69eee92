import type { RequestHandler } from 'express';
import { ApiError } from '../../contract/api-error.js';

/**
 * What HTTP/1.1 asks of every request, checked here rather than by Node, whose own refusals are a
 * bare status line with an empty body (the server turns those checks off and sends such requests
 * here, see http-server-limits.ts): an HTTP/1.1 request names its Host (RFC 9112 §3.2), and the
 * only expectation a server can meet is `100-continue` (RFC 9110 §10.1.1).
 */
export function protocolChecks(): RequestHandler {
  return (req, res, next) => {
    // A client this far off the protocol gets its answer and a fresh connection for anything after.
    const refuse = (error: ApiError) => {
      res.setHeader('Connection', 'close');
      next(error);
    };
    if (req.httpVersion === '1.1' && req.headers.host === undefined) {
      refuse(new ApiError('BAD_REQUEST', 'An HTTP/1.1 request needs a Host header.'));
      return;
    }
    const expectation = req.headers.expect;
    if (expectation !== undefined && expectation.trim().toLowerCase() !== '100-continue') {
      refuse(
        new ApiError(
          'EXPECTATION_FAILED',
          `The expectation "${expectation.slice(0, 100)}" cannot be met; only 100-continue is.`,
        ),
      );
      return;
    }
    next();
  };
}
