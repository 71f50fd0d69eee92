import type { RequestHandler } from 'express';
import type { Logger } from '../logger.js';
import type { Metrics } from '../metrics.js';
import { requestIdOf } from './request-id.js';

/**
 * One log line per request, with its id, never the body or the Authorization header; and, for
 * the operations, the request counter and latency histogram.
 */
export function accessLog(logger: Logger, metrics: Metrics): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    // 'close' comes for every request, answered or not: one whose client went away before its
    // answer was sent is logged too ("aborted"), never silently lost from the log.
    res.once('close', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const operation = res.locals.call?.operation?.key;
      const aborted = !res.writableFinished || res.locals.clientGone === true;
      if (operation) {
        metrics.requests.inc({ operation, status: aborted ? 'aborted' : String(res.statusCode) });
        metrics.requestSeconds.observe({ operation }, seconds);
      }
      const line = {
        requestId: requestIdOf(res),
        method: req.method,
        path: req.path.slice(0, 200),
        status: res.statusCode,
        ms: seconds * 1e3,
        keyId: res.locals.call?.key?.id,
      };
      logger.info(aborted ? { ...line, aborted: true } : line, aborted ? 'request aborted by the client' : 'request');
    });
    next();
  };
}
