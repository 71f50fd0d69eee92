import { pino, type Logger } from 'pino';

export type { Logger };

/**
 * JSON logs on stdout. Redaction is a second line of defence: no code path logs a request body or
 * an Authorization header on purpose, and these paths make sure neither can slip through.
 */
export function createLogger(level: string, destination?: NodeJS.WritableStream): Logger {
  return pino(
    {
      level,
      base: { service: 'pawlens' },
      redact: {
        paths: ['authorization', 'headers.authorization', 'req.headers.authorization', 'image', 'body.image'],
        censor: '[redacted]',
      },
    },
    destination ?? pino.destination({ sync: false }),
  );
}

export const silentLogger: Logger = pino({ level: 'silent' });
