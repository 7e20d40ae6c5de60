import 'server-only';

function required(name: string, hint: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set. ${hint}`);
  return value;
}

/** The secret that signs and encrypts session cookies (next-auth's NEXTAUTH_SECRET). */
export function sessionSecret(): string {
  return required(
    'NEXTAUTH_SECRET',
    'npm start generates one into DATA_DIR; in production set it in the environment.',
  );
}

/** 32-byte key (base64) for AES-256-GCM encryption of bank details at rest. */
export function encryptionKey(): Buffer {
  const key = Buffer.from(
    required(
      'ENCRYPTION_KEY',
      'npm start generates one into DATA_DIR; in production set it in the environment.',
    ),
    'base64',
  );
  if (key.length !== 32)
    throw new Error('ENCRYPTION_KEY must be 32 bytes, base64-encoded (openssl rand -base64 32).');
  return key;
}

/** The public address of the app, when configured (links in QR codes, cookie security). */
export function appUrl(): string | null {
  return process.env.APP_URL || process.env.NEXTAUTH_URL || null;
}

/**
 * The origin every link and QR code the app hands out is built on: APP_URL's, never the request's Host or
 * X-Forwarded-Host (a caller could write anything there, and the links end up in publicly cached answers and
 * printed QR codes). Without APP_URL (npm start sets a default and says so): http://localhost:<PORT>.
 */
export function appOrigin(): string {
  const configured = appUrl();
  if (configured) {
    try {
      return new URL(configured).origin;
    } catch {
      throw new Error(`APP_URL is not a valid address: ${configured}`);
    }
  }
  return `http://localhost:${Number(process.env.PORT) || 3000}`;
}

/**
 * True while the app runs on the default address rather than a configured APP_URL: npm start marks that with
 * APP_URL_DEFAULTED=1 when it fills APP_URL in. Full admins are told (printed QR codes would point nowhere).
 */
export function appUrlIsDefault(): boolean {
  return process.env.APP_URL_DEFAULTED === '1' || !appUrl();
}

/** Accepted public lead-form submissions per address per hour (LEAD_RATE_LIMIT_PER_HOUR, default 20). */
export function leadRateLimitPerHour(): number {
  const value = Number(process.env.LEAD_RATE_LIMIT_PER_HOUR);
  return Number.isInteger(value) && value > 0 ? value : 20;
}

/**
 * The least time an accepted public lead takes to answer (LEAD_ANSWER_MIN_MS, default 250; 0 turns it off):
 * a new lead's writes take longer than finding one sent before, and the difference would tell a stranger with
 * a card number that an email was already referred (issue 28, point 6). Well above the writes' usual time.
 */
export function leadAnswerMinMs(): number {
  const value = Number(process.env.LEAD_ANSWER_MIN_MS);
  return process.env.LEAD_ANSWER_MIN_MS !== undefined && Number.isInteger(value) && value >= 0 ? value : 250;
}

/**
 * The mail server messages go through (issue 17), e.g. smtp://user:pass@mail.example:587 (smtps:// for TLS
 * from the start). Null when unset: every message is then kept as 'not sent: no mail server set up'.
 */
export function smtpUrl(): string | null {
  return process.env.SMTP_URL || null;
}

/**
 * Who messages come from: MAIL_FROM (e.g. "Harbour Smile Studio <hello@harboursmile.co.uk>"), else the
 * clinic's name with no-reply@ the APP_URL's host.
 */
export function mailFrom(clinicName: string): string {
  const configured = process.env.MAIL_FROM;
  if (configured) return configured;
  const host = new URL(appOrigin()).hostname;
  const domain = host.includes('.') ? host : `${host}.localdomain`;
  return `"${clinicName.replaceAll('"', "'")}" <no-reply@${domain}>`;
}

/**
 * Issue 31: whether a full admin must have a second factor (a passkey or an authenticator app) before reading
 * bank details or moving money. On unless the server's operator sets REQUIRE_ADMIN_SECOND_FACTOR=false: it is
 * read from the environment only, so no web session (a stolen password) can switch it off.
 */
export function requireAdminSecondFactor(): boolean {
  return (process.env.REQUIRE_ADMIN_SECOND_FACTOR ?? '').trim().toLowerCase() !== 'false';
}

/**
 * Issue 34: where the Dentally connector calls (DENTALLY_API_URL, default https://api.dentally.co, Dentally's
 * UK production host; https://api.sandbox.dentally.co is the sandbox). Tests point it at a local server.
 */
export function dentallyApiUrl(): string {
  return (process.env.DENTALLY_API_URL || 'https://api.dentally.co').replace(/\/+$/, '');
}
