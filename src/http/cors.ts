import type { RequestHandler } from 'express';

/** What a clinic's own front-end may send and read across origins. */
const ALLOWED_METHODS = 'GET, POST, DELETE';
const ALLOWED_HEADERS = 'Authorization, Content-Type, Idempotency-Key, X-Pet-Id';
const EXPOSED_HEADERS = 'X-Request-Id, X-Credits-Charged, X-Credits-Remaining, Retry-After, Idempotent-Replayed';
const PREFLIGHT_CACHE_SECONDS = '600';

/**
 * CORS for exactly the origins the clinic lists (PAWLENS_CORS_ORIGINS), never a wildcard and
 * never with credentials: the API key travels in the Authorization header, which the browser
 * sends only when the page's script sets it. Errors carry the headers too, so the page can read
 * a 402 or 429. Other origins get no CORS headers, and the browser keeps the answer from them.
 */
export function cors(origins: readonly string[]): RequestHandler {
  const allowed = new Set(origins);
  return (req, res, next) => {
    const origin = req.get('origin');
    if (allowed.size === 0 || !origin) return next();
    res.vary('Origin');
    if (!allowed.has(origin)) return next();
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS);
    if (req.method === 'OPTIONS' && req.get('access-control-request-method')) {
      res.setHeader('Access-Control-Allow-Methods', ALLOWED_METHODS);
      res.setHeader('Access-Control-Allow-Headers', ALLOWED_HEADERS);
      res.setHeader('Access-Control-Max-Age', PREFLIGHT_CACHE_SECONDS);
      res.status(204).end();
      return;
    }
    next();
  };
}
