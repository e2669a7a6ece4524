import { join } from 'node:path';
import pino, { type Logger } from 'pino';
import pinoRoll from 'pino-roll';

export type AppLogger = Logger;

/**
 * What is never written to a log, wherever it sits in what is logged: passwords and tokens,
 * what people wrote (notes, reasons, answers) and the bodies of changes. Redacted by path, so a
 * call that logs a whole object cannot leak them either.
 */
export const REDACTED_PATHS = [
  'password',
  'token',
  'accessToken',
  'refreshToken',
  'access_token',
  'refresh_token',
  'authorization',
  'notes',
  'reason',
  'answers',
  'value',
  'payload',
  'args',
].flatMap((key) => [key, `*.${key}`, `*.*.${key}`]);

const base = (name: string, level = process.env.HR_LOG_LEVEL ?? 'info') => ({
  level,
  base: { process: name },
  redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
  timestamp: pino.stdTimeFunctions.isoTime,
});

/** Nothing written: the tests' and the bench's backends. */
export function silentLog(): AppLogger {
  return pino({ level: 'silent' });
}

/** The browser form's log: on standard output, as a service's. */
export function stdoutLog(name: string): AppLogger {
  return pino(base(name));
}

/**
 * A process's log in the user-data folder's `logs/`: `<name>.1.log`, rotated at 5 MB or each day,
 * the five newest kept; Help › Open Logs Folder shows them to send to support.
 */
export async function fileLog(
  dir: string,
  name: string,
  options: { level?: string; size?: string } = {},
): Promise<{ log: AppLogger; flush: () => void }> {
  const stream = await pinoRoll({
    file: join(dir, name),
    extension: '.log',
    size: options.size ?? '5m',
    frequency: 'daily',
    limit: { count: 5 },
    mkdir: true,
  });
  // Its file opens asynchronously: a flush before then would throw. (`fd` is -1 until it is open.)
  if ((stream as unknown as { fd: number }).fd < 0) await new Promise((resolve) => stream.once('ready', resolve));
  const flush = () => {
    try {
      stream.flushSync();
    } catch {
      // Between two files while rotating: what is buffered goes into the next one.
    }
  };
  return { log: pino(base(name, options.level), stream), flush };
}

/** A crash leaves its stack in the log before the process ends. */
export function logCrashes(log: AppLogger, flush: () => void = () => undefined): void {
  const crashed = (kind: string) => (error: unknown) => {
    log.fatal({ err: error }, kind);
    flush();
    process.exit(1);
  };
  process.on('uncaughtException', crashed('uncaught exception'));
  process.on('unhandledRejection', crashed('unhandled rejection'));
}
