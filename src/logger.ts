import { pino, type Logger as PinoLogger } from 'pino';

/** The logger interface the code depends on; pino behind it. */
export type Logger = Pick<PinoLogger, 'info' | 'warn' | 'error' | 'debug' | 'fatal' | 'child' | 'level'>;

export function createLogger(level: string): Logger {
  return pino({ level, base: { service: 'neohub' } });
}
