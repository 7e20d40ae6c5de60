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

/** Accepted public lead-form submissions per address per hour (LEAD_RATE_LIMIT_PER_HOUR, default 20). */
export function leadRateLimitPerHour(): number {
  const value = Number(process.env.LEAD_RATE_LIMIT_PER_HOUR);
  return Number.isInteger(value) && value > 0 ? value : 20;
}
