import type { RequestHandler } from 'express';

/**
 * Headers on every answer. Analyses are health data: never cached by a browser or a proxy
 * (static assets set their own caching). Nothing is sniffed into another type, framed by another
 * site, or given a referrer; the JSON answers may load nothing at all (the /docs page sets its own policy).
 */
export function securityHeaders(): RequestHandler {
  return (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('X-Frame-Options', 'DENY');
    res.setHeader('Referrer-Policy', 'no-referrer');
    res.setHeader('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'");
    next();
  };
}
