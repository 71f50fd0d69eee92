import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import express, { Router } from 'express';

const require = createRequire(import.meta.url);

/**
 * Swagger UI from the swagger-ui-dist package, served from this host: the docs work on an
 * air-gapped network, where a CDN-hosted page would render blank.
 */
export function docsRouter(): Router {
  // The folder only: the package's main script loads the 4 MB browser bundle into the server's
  // heap, where every full garbage collection would mark it for nothing.
  const assets = dirname(require.resolve('swagger-ui-dist/package.json'));
  const router = Router();
  router.get('/docs', (_req, res) => {
    // Scripts and styles from this host only (the page's own start-up script is a file too), images
    // inline; Swagger UI sets style attributes, hence 'unsafe-inline' for styles alone. Never framed.
    res.setHeader(
      'Content-Security-Policy',
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'",
    );
    res.type('html').send(DOCS_HTML);
  });
  router.get('/docs/start.js', (_req, res) => {
    res.type('text/javascript').send(DOCS_START);
  });
  router.use('/docs/assets', express.static(assets, { index: false, maxAge: '1h' }));
  return router;
}

const DOCS_HTML = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>pawlens API</title>
  <link rel="stylesheet" href="/docs/assets/swagger-ui.css">
</head>
<body>
  <div id="docs"></div>
  <script src="/docs/assets/swagger-ui-bundle.js"></script>
  <script src="/docs/start.js"></script>
</body>
</html>
`;

const DOCS_START = `window.ui = SwaggerUIBundle({ url: '/openapi.json', dom_id: '#docs', deepLinking: true });\n`;
