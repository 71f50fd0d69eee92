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
    res.on('finish', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const operation = res.locals.operation?.key;
      if (operation) {
        metrics.requests.inc({ operation, status: String(res.statusCode) });
        metrics.requestSeconds.observe({ operation }, seconds);
      }
      logger.info(
        { requestId: requestIdOf(res), method: req.method, path: req.path.slice(0, 200), status: res.statusCode, ms: seconds * 1e3, keyId: res.locals.key?.id },
        'request',
      );
    });
    next();
  };
}
