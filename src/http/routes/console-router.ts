import { join } from 'node:path';
import express, { Router } from 'express';
import { LANGUAGES } from '../../contract/language.js';
import { OPERATION_LIST } from '../../operations/registry.js';
import { VERSION } from '../../version.js';

/** The console's files, beside dist/ and models/ in the package. */
export const PACKAGE_CONSOLE_DIR = join(import.meta.dirname, '..', '..', '..', 'console');

/** Everything the console loads comes from this host: it works with no network beyond the server. */
const CONSOLE_POLICY =
  "default-src 'self'; img-src 'self' data: blob:; style-src 'self'; script-src 'self'; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

/**
 * The clinic console (docs/design.md §11) at `/` for a browser, and the service's description as JSON
 * for anything that asks for JSON; its files under /console/, and what it needs to know of this
 * server (the clinic's name, the operations) at /console/config.json.
 */
export function consoleRouter(clinicName: string): Router {
  const router = Router();
  const config = {
    clinicName,
    version: VERSION,
    // Each operation's name in every language, from its own words: the console keeps no list of its own.
    operations: OPERATION_LIST.map(({ key, path, title, words }) => ({
      key,
      path,
      title,
      names: Object.fromEntries(LANGUAGES.map((language) => [language, words[language].name])),
      fields: Object.fromEntries(LANGUAGES.map((language) => [language, words[language].fieldNames])),
    })),
  };
  router.get('/', (req, res) => {
    if (req.accepts(['json', 'html']) === 'html') {
      res.setHeader('Content-Security-Policy', CONSOLE_POLICY);
      res.sendFile(join(PACKAGE_CONSOLE_DIR, 'index.html'));
      return;
    }
    res.json({ name: 'pawlens', version: VERSION, console: '/', docs: '/docs', openapi: '/openapi.json' });
  });
  router.get('/console/config.json', (_req, res) => {
    res.json(config);
  });
  router.use(
    '/console',
    (_req, res, next) => {
      res.setHeader('Content-Security-Policy', CONSOLE_POLICY);
      next();
    },
    express.static(PACKAGE_CONSOLE_DIR, { index: false, maxAge: '1h' }),
  );
  return router;
}
