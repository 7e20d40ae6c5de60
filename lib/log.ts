import pino, { type DestinationStream, type Logger } from 'pino';
import { loggerOptions } from '@/lib/observability/log-config.js';

/**
 * The server's structured log (issue 32 point 4): JSON lines on standard output through pino, one object per
 * event, with `reqId` when it happened while answering a request (scripts/server.js gives each request an id and
 * passes it on as X-Request-Id). Log ids, counts and outcomes, never a name, email, phone number, bank detail or
 * token: lib/observability/log-config.js redacts known personal keys and masks addresses and numbers in text as a
 * backstop, and logs an error as its type, first line and stack frames only.
 *
 *   log.info({ sent, failed }, 'messages dispatched');
 *   log.error({ err: error, messageId }, 'message failed');
 *   requestLog(req).error({ err: error }, 'request failed');
 *
 * LOG_LEVEL chooses how much is written (info by default).
 */

type Holder = { __smileLogger?: Logger };
const holder = globalThis as unknown as Holder;

function make(destination?: DestinationStream): Logger {
  return destination ? pino(loggerOptions(), destination) : pino(loggerOptions());
}

function current(): Logger {
  return (holder.__smileLogger ??= make());
}

/** The process's logger; every call goes to the destination set last (standard output unless a test chose). */
export const log: Logger = new Proxy({} as Logger, {
  get(_target, property) {
    const target = current();
    const value = Reflect.get(target, property, target) as unknown;
    return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
  },
});

/**
 * Tests: send the log to `destination` (a stream they read) and back to standard output with no argument.
 * The level is LOG_LEVEL's, or `level` when given.
 */
export function setLogDestination(destination?: DestinationStream, level?: string): void {
  holder.__smileLogger = destination
    ? pino({ ...loggerOptions(), ...(level ? { level } : {}) }, destination)
    : make();
}

/** The request's id, as scripts/server.js set it, if any (at most 64 plain characters). */
export function requestIdOf(req: { headers: Headers }): string | undefined {
  const id = req.headers.get('x-request-id');
  return id && /^[\w.:-]{1,64}$/.test(id) ? id : undefined;
}

/** A logger whose lines carry this request's id. */
export function requestLog(req: { headers: Headers }): Logger {
  const reqId = requestIdOf(req);
  return reqId ? log.child({ reqId }) : log;
}
