// @ts-check
// The structured logs' one configuration (issue 32 point 4), shared by lib/log.ts (the app's server code) and
// scripts/server.js (the access log), which runs before any build step: plain CommonJS, like
// lib/forwarded-headers.js.
//
// Logs carry no names, emails, phone numbers, bank details or tokens. The call sites log ids, counts and
// outcomes, never the data; this file is the backstop: known personal keys are redacted wherever they sit in a
// logged object (three levels deep), email addresses and UK phone numbers are masked inside any logged text,
// and an error keeps its type, first line and stack frames but nothing else (a database error's message can
// quote the values it was given on its later lines; an SMTP error's can name the recipient).

/** Keys whose values are personal or secret, redacted wherever they appear in a logged object. */
const PERSONAL_KEYS = [
  'email',
  'emails',
  'phone',
  'mobile',
  'name',
  'firstName',
  'lastName',
  'fullName',
  'address',
  'postcode',
  'dateOfBirth',
  'accountNumber',
  'sortCode',
  'accountName',
  'iban',
  'password',
  'newPassword',
  'currentPassword',
  'passwordHash',
  'token',
  'cardToken',
  'inviteToken',
  'resetToken',
  'secret',
  'recoveryCode',
  'totpCode',
  'cookie',
  'authorization',
];

/** pino's redact paths: each key at the top and up to two levels down. */
function redactPaths() {
  /** @type {string[]} */
  const paths = [];
  for (const key of PERSONAL_KEYS) paths.push(key, `*.${key}`, `*.*.${key}`);
  return paths;
}

const REDACTED = '[redacted]';
const EMAIL = /[^\s@<>()"',;:]+@[^\s@<>()"',;:]+\.[A-Za-z]{2,}/g;
// A UK number as people write it: +44 or 0, then 9 or 10 more digits, with spaces, dots or dashes between.
const UK_PHONE = /(?:\+44\s?\(?0?\)?|\b0)(?:[\s.-]?\d){9,10}\b/g;

/**
 * Masks email addresses and UK phone numbers in a text that is about to be logged.
 * @param {string} text
 * @returns {string}
 */
function scrubText(text) {
  return text.replace(EMAIL, '[email]').replace(UK_PHONE, '[phone]');
}

/**
 * An error as it is logged: its type, the first line of its message (masked, at most 300 characters), its code
 * and its stack frames. Not its other properties (a Prisma error's `meta`, an SMTP error's `response`).
 * @param {unknown} error
 */
function serializeError(error) {
  if (!(error instanceof Error)) return { message: scrubText(String(error)).slice(0, 300) };
  const firstLine = (error.message || '').split('\n').find((line) => line.trim() !== '') ?? '';
  const frames = (error.stack ?? '')
    .split('\n')
    .filter((line) => /^\s+at\s/.test(line))
    .join('\n');
  /** @type {{ type: string, message: string, stack: string, code?: string, cause?: unknown }} */
  const out = {
    type: error.name || error.constructor?.name || 'Error',
    message: scrubText(firstLine.trim()).slice(0, 300),
    stack: frames,
  };
  const code = /** @type {{ code?: unknown }} */ (error).code;
  if (typeof code === 'string' || typeof code === 'number') out.code = String(code).slice(0, 40);
  if (error.cause instanceof Error) out.cause = serializeError(error.cause);
  return out;
}

/** The level from LOG_LEVEL (trace, debug, info, warn, error, fatal or silent); info by default. */
function logLevel(value = process.env.LOG_LEVEL) {
  const level = (value ?? '').trim().toLowerCase();
  return ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'].includes(level) ? level : 'info';
}

/**
 * pino's options for this app: JSON lines, ISO times, the level as a word, the redaction and the error and
 * text masking above.
 * @param {{ name?: string, level?: string }} [options]
 * @returns {import('pino').LoggerOptions}
 */
function loggerOptions(options = {}) {
  return {
    level: options.level ?? logLevel(),
    // `service`, not pino's `name`: 'name' is a redacted key.
    base: { service: options.name ?? 'smile-referrals', pid: process.pid },
    timestamp: () => `,"time":"${new Date().toISOString()}"`,
    formatters: { level: (label) => ({ level: label }) },
    redact: { paths: redactPaths(), censor: REDACTED },
    serializers: { err: serializeError, error: serializeError },
    hooks: {
      // Every text argument (the message and its interpolations) is masked before it is written.
      logMethod(args, method) {
        const masked = args.map((arg) => (typeof arg === 'string' ? scrubText(arg) : arg));
        return method.apply(this, /** @type {Parameters<typeof method>} */ (masked));
      },
    },
  };
}

module.exports = { PERSONAL_KEYS, REDACTED, loggerOptions, logLevel, redactPaths, scrubText, serializeError };
