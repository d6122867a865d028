import { createRequire } from 'node:module';
import pino, { type DestinationStream, type Logger } from 'pino';

/** pino-pretty is a dev dependency: use it only when installed, at debug level, on a terminal. */
const prettyTransport = (level: string) => {
  if (!['debug', 'trace'].includes(level) || !process.stdout.isTTY) return undefined;
  try {
    createRequire(import.meta.url).resolve('pino-pretty');
    return { target: 'pino-pretty', options: { colorize: true, translateTime: 'SYS:HH:MM:ss.l' } };
  } catch {
    return undefined;
  }
};

/**
 * Paths pino replaces with "[redacted]". Request bodies are never logged; the body field paths
 * are listed anyway so a future `log.info({ body })` cannot leak a password or token.
 */
export const REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["set-cookie"]',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  'password',
  'current_password',
  'password_confirmation',
  'token',
  'password_hash',
  '*.password',
  '*.current_password',
  '*.password_confirmation',
  '*.token',
  '*.password_hash',
  'body',
  '*.body',
];

export const createLogger = (level: string, stream?: DestinationStream): Logger => {
  const options = {
    level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    base: { service: 'frontage-server' },
    timestamp: pino.stdTimeFunctions.isoTime,
  };
  if (stream) return pino(options, stream);
  const transport = prettyTransport(level);
  if (transport) return pino({ ...options, transport });
  // Off the request's critical path: lines are written to stdout asynchronously (pino flushes
  // what is left when the process exits), not one blocking write per line. No minimum length:
  // a line still appears at once (supervisors and tests wait for the start-up banner).
  return pino(options, pino.destination({ dest: 1, sync: false }));
};
