/**
 * Issue 34: the integration API's keys. A full admin makes a named key; the key (`rk_` and 32 random bytes,
 * base64url) is answered once and only its SHA-256 is kept, with its first characters so staff can tell keys
 * apart. A call sends it as `Authorization: Bearer <key>`; it is found by its hash, which is also why the lookup
 * needs no constant-time comparison: what the database compares is a hash of what was sent, never the key. A
 * revoked key stops working at once and stays listed.
 */
import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { HttpError, notFound } from '@/lib/api/errors';
import { db } from '@/lib/db';
import { toApiKeyDto, type ApiKeyDto, type CreatedApiKeyDto } from '@/lib/dto/api-keys';
import { API_KEY_CALLS_PER_MINUTE } from '@/lib/validation/api-keys';
import type { Actor } from './actor';
import { takeOrRefuse } from './rate-limit';

export const API_KEY_PREFIX = 'rk_';
/** `rk_` and 32 bytes in base64url (43 characters). */
const KEY_PATTERN = /^rk_[A-Za-z0-9_-]{43}$/;
/** What is shown of a key: `rk_` and its first 8 random characters (48 bits: enough to tell keys apart). */
const SHOWN_LENGTH = 11;
/** lastUsedAt is written at most once a minute per key, to save a write on every call. */
const LAST_USED_EVERY_MS = 60_000;

export const API_KEY_NOT_FOUND_TEXT = 'No API key has that id.';
export const API_KEY_NEEDED_TEXT = 'A valid API key is needed: Authorization: Bearer <key>.';
export const API_KEY_RATE_TEXT = `Too many calls with this API key: at most ${API_KEY_CALLS_PER_MINUTE} a minute. Wait as Retry-After says.`;

/** The key a call was made with, as a key route's handler receives it. */
export interface ApiKeyCaller {
  id: string;
  name: string;
}

/** SHA-256 of the whole key, base64url: what is stored and looked up. */
export function apiKeyHash(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('base64url');
}

/** A new key's text, its hash and what is shown of it. */
export function newApiKey(): { key: string; keyHash: string; prefix: string } {
  const key = API_KEY_PREFIX + randomBytes(32).toString('base64url');
  return { key, keyHash: apiKeyHash(key), prefix: key.slice(0, SHOWN_LENGTH) };
}

/** The key in an Authorization header (`Bearer <key>`, any case, one space or more), or null. */
export function bearerKey(header: string | null): string | null {
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header ?? '');
  return match ? match[1]! : null;
}

export async function createApiKey(actor: Actor, name: string): Promise<CreatedApiKeyDto> {
  const { key, keyHash, prefix } = newApiKey();
  const row = await db.apiKey.create({ data: { name, keyHash, prefix, createdBy: actor.email } });
  return { id: row.id, name: row.name, key, prefix: row.prefix, createdAt: row.createdAt.toISOString() };
}

/** Every key, revoked ones too, newest first: never the key or its hash. A clinic has a handful. */
export async function listApiKeys(): Promise<ApiKeyDto[]> {
  const rows = await db.apiKey.findMany({
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    omit: { keyHash: true },
  });
  return rows.map(toApiKeyDto);
}

/** Revokes a key at once. Revoking it again changes nothing (the first revocation is kept). */
export async function revokeApiKey(actor: Actor, id: string): Promise<void> {
  const { count } = await db.apiKey.updateMany({
    where: { id, revokedAt: null },
    data: { revokedAt: new Date(), revokedBy: actor.email },
  });
  if (count === 0 && !(await db.apiKey.findUnique({ where: { id }, select: { id: true } }))) {
    throw notFound(API_KEY_NOT_FOUND_TEXT);
  }
}

/**
 * The live key an Authorization header carries, or null: no header, not a key's shape, unknown or revoked.
 * Only reads: a call's use is recorded once it has been taken (markApiKeyUsed), so a refused call changes
 * nothing.
 */
export async function authenticateApiKey(header: string | null): Promise<ApiKeyCaller | null> {
  const key = bearerKey(header);
  if (!key || !KEY_PATTERN.test(key)) return null;
  return db.apiKey.findFirst({
    where: { keyHash: apiKeyHash(key), revokedAt: null },
    select: { id: true, name: true },
  });
}

/** A key route's refusal: 401 with the Bearer challenge (RFC 6750: `invalid_token` when one was sent). */
export function apiKeyRefusal(header: string | null): HttpError {
  const challenge = header ? 'Bearer error="invalid_token"' : 'Bearer';
  return new HttpError(401, API_KEY_NEEDED_TEXT, {}, { 'WWW-Authenticate': challenge });
}

/** Counts a call against its key's limit (60 a minute), refusing it (429, Retry-After) when used up. */
export async function limitApiKeyCall(key: ApiKeyCaller): Promise<void> {
  await takeOrRefuse(
    [{ key: `api-key:${key.id}`, max: API_KEY_CALLS_PER_MINUTE, windowMs: 60_000 }],
    API_KEY_RATE_TEXT,
  );
}

/** Records that the key was used, at most once a minute. */
export async function markApiKeyUsed(key: ApiKeyCaller, now: Date = new Date()): Promise<void> {
  await db.apiKey.updateMany({
    where: {
      id: key.id,
      OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: new Date(now.getTime() - LAST_USED_EVERY_MS) } }],
    },
    data: { lastUsedAt: now },
  });
}
