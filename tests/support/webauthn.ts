/**
 * A software authenticator for the integration suites (issue 31): no browser runs there, so the WebAuthn
 * answers a browser would send are made here with Node's crypto, exactly as the spec lays them out. An ES256
 * (P-256) key pair; registration with 'none' attestation: a CBOR map { fmt, attStmt, authData } whose
 * authenticator data holds the SHA-256 of the relying party id, the flags (UP, UV, AT), the signature counter,
 * an AAGUID, the credential id and the COSE public key; assertions signed over authData ‖ SHA-256(clientDataJSON).
 * The CBOR is @simplewebauthn/server's own encoder (its helpers), so no package is added for it.
 *
 * Every part of an answer can be bent for a test: another origin, another challenge, a counter that went
 * backwards, no user verification.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';
import { db } from '@/lib/db';
import { appOrigin } from '@/lib/env';
import { uniqueEmail, uniqueIp } from './fixtures';
import { call } from './http';

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | Buffer | string) => createHash('sha256').update(data).digest();

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;
/** A made-up AAGUID (16 bytes): 'none' attestation says nothing about the model anyway. */
const AAGUID = Buffer.from('5e6f7a8b9c0d4e1f8a2b3c4d5e6f7a8b', 'hex');

export interface Bend {
  /** The page's origin the browser writes into clientDataJSON (default: the app's, APP_URL's). */
  origin?: string;
  /** Answer this challenge instead of the options' own. */
  challenge?: string;
  /** The relying party id whose hash is in the authenticator data (default: the options' or the app's host). */
  rpId?: string;
  /** The signature counter to report (default: one more than the last). */
  counter?: number;
  /** Whether the user was verified (a PIN, a fingerprint): default true. */
  userVerified?: boolean;
}

export interface RegistrationJSON {
  id: string;
  rawId: string;
  type: 'public-key';
  response: { clientDataJSON: string; attestationObject: string; transports: string[] };
  authenticatorAttachment: 'platform';
  clientExtensionResults: Record<string, unknown>;
}

export interface AssertionJSON {
  id: string;
  rawId: string;
  type: 'public-key';
  response: { clientDataJSON: string; authenticatorData: string; signature: string; userHandle?: string };
  authenticatorAttachment: 'platform';
  clientExtensionResults: Record<string, unknown>;
}

export class SoftwareAuthenticator {
  readonly credentialId = randomBytes(32);
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  /** The last counter reported; each answer reports one more unless bent. */
  counter = 0;
  /** The user handle given at registration (for a discoverable sign-in's answer). */
  userHandle: string | null = null;

  constructor() {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  /** The COSE_Key of the public key: kty EC2 (2), alg ES256 (-7), crv P-256 (1), x, y. */
  coseKey(): Uint8Array {
    const jwk = this.publicKey.export({ format: 'jwk' });
    const key = new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
      [-3, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
    ]);
    return isoCBOR.encode(key);
  }

  private authData(rpId: string, flags: number, counter: number, attested: boolean): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    const parts = [sha256(rpId), Buffer.from([flags]), count];
    if (attested) {
      const length = Buffer.alloc(2);
      length.writeUInt16BE(this.credentialId.length);
      parts.push(AAGUID, length, this.credentialId, Buffer.from(this.coseKey()));
    }
    return Buffer.concat(parts);
  }

  private nextCounter(bend: Bend): number {
    const counter = bend.counter ?? this.counter + 1;
    this.counter = Math.max(this.counter, counter);
    return counter;
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, bend: Bend): Buffer {
    return Buffer.from(
      JSON.stringify({
        type,
        challenge: bend.challenge ?? challenge,
        origin: bend.origin ?? appOrigin(),
        crossOrigin: false,
      }),
    );
  }

  private rpIdOf(options: { rp?: { id?: string }; rpId?: string }, bend: Bend): string {
    return bend.rpId ?? options.rp?.id ?? options.rpId ?? new URL(appOrigin()).hostname;
  }

  /** navigator.credentials.create()'s answer to `options` (PublicKeyCredentialCreationOptionsJSON). */
  register(
    options: { challenge: string; rp?: { id?: string }; user?: { id?: string } },
    bend: Bend = {},
  ): RegistrationJSON {
    this.userHandle = options.user?.id ?? null;
    const flags = FLAG_UP | FLAG_AT | (bend.userVerified === false ? 0 : FLAG_UV);
    const counter = bend.counter ?? this.counter;
    const authData = this.authData(this.rpIdOf(options, bend), flags, counter, true);
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', new Uint8Array(authData)],
      ]) as Parameters<typeof isoCBOR.encode>[0],
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge, bend)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }

  /** navigator.credentials.get()'s answer to `options` (PublicKeyCredentialRequestOptionsJSON). */
  assert(options: { challenge: string; rpId?: string }, bend: Bend = {}): AssertionJSON {
    const flags = FLAG_UP | (bend.userVerified === false ? 0 : FLAG_UV);
    const authData = this.authData(this.rpIdOf(options, bend), flags, this.nextCounter(bend), false);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, bend);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), this.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        ...(this.userHandle ? { userHandle: this.userHandle } : {}),
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }
}

/** The cookies an answer set, as a Cookie header ('' when none): the ceremonies' short-lived states. */
export function cookiesSet(setCookies: Record<string, string>): string {
  return Object.entries(setCookies)
    .filter(([, value]) => value)
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');
}

/** Cookie headers joined; a cookie named twice keeps its later value (a new state replaces the old one). */
export function withCookies(...cookies: (string | undefined | null)[]): string {
  const jar = new Map<string, string>();
  for (const header of cookies) {
    for (const pair of (header ?? '').split(';')) {
      const eq = pair.indexOf('=');
      if (eq > 0) jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
  }
  return [...jar]
    .filter(([, value]) => value)
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');
}

// ---------- requests for the shared suites (the authorisation matrix, the bad-input corpus) ----------

/** What a ceremony's second call needs besides the session: the state's cookie, the body, the address. */
export interface CeremonyRequest {
  cookie?: string;
  body: { name?: string; response: unknown };
  ip?: string;
}

const PLACEHOLDER_OPTIONS = { challenge: 'bm90LWEtcmVhbC1jaGFsbGVuZ2U' };

/** A passkey of `userId` held by `authenticator`, written straight to the database (no ceremony). */
export async function fixturePasskey(
  userId: string,
  authenticator = new SoftwareAuthenticator(),
  name = 'Fixture passkey',
): Promise<{ id: string; authenticator: SoftwareAuthenticator }> {
  const row = await db.passkey.create({
    data: {
      userId,
      credentialId: authenticator.id,
      publicKey: Buffer.from(authenticator.coseKey()),
      deviceType: 'singleDevice',
      name,
    },
  });
  return { id: row.id, authenticator };
}

/** The id of a new passkey of the account, or an id that names none when the account is gone (or none). */
export async function passkeyIdFor(userId: string | undefined): Promise<string> {
  const account = userId ? await db.staffUser.findUnique({ where: { id: userId } }) : null;
  if (!account) return '0192f5e0-0000-7000-8000-00000000fa11';
  return (await fixturePasskey(account.id)).id;
}

/** Calls an options route (POST, no body): the options and the state's cookie, or null when refused. */
async function ceremony(path: string, cookie?: string, ip?: string) {
  const handlers = {
    '/api/account/passkeys/options': () => import('@/app/api/account/passkeys/options/route'),
    '/api/account/step-up/passkey/options': () => import('@/app/api/account/step-up/passkey/options/route'),
    '/api/login/passkey/options': () => import('@/app/api/login/passkey/options/route'),
  } as const;
  const { POST } = await handlers[path as keyof typeof handlers]();
  const res = await call(POST, { method: 'POST', path, cookie, ip });
  if (res.status !== 200) return null;
  return { options: res.body as { challenge: string }, cookie: cookiesSet(res.setCookies) };
}

/** POST /api/account/passkeys for the session `cookie`: a new authenticator's answer to fresh options. */
export async function registrationRequest(cookie: string | undefined, name = 'Matrix laptop') {
  const started = cookie ? await ceremony('/api/account/passkeys/options', cookie) : null;
  const response = new SoftwareAuthenticator().register(started?.options ?? PLACEHOLDER_OPTIONS);
  return { cookie: started?.cookie, body: { name, response } } satisfies CeremonyRequest;
}

/** POST /api/account/step-up/passkey for a session: a passkey of its account, and its answer to fresh options. */
export async function stepUpRequest(session: { id: string; cookie: string } | null) {
  const account = session ? await db.staffUser.findUnique({ where: { id: session.id } }) : null;
  const authenticator = new SoftwareAuthenticator();
  if (account) await fixturePasskey(account.id, authenticator);
  const started = account ? await ceremony('/api/account/step-up/passkey/options', session!.cookie) : null;
  return {
    cookie: started?.cookie,
    body: { response: authenticator.assert(started?.options ?? PLACEHOLDER_OPTIONS) },
  } satisfies CeremonyRequest;
}

/** POST /api/login/passkey: a new account with a passkey, signing in with it alone from an address of its own. */
export async function passkeySignInRequest() {
  const account = await db.staffUser.create({
    data: { email: uniqueEmail('passkey'), passwordHash: 'not-a-real-hash' },
  });
  const { authenticator } = await fixturePasskey(account.id);
  const ip = uniqueIp();
  const started = await ceremony('/api/login/passkey/options', undefined, ip);
  if (!started) throw new Error('the sign-in options were refused');
  return { ip, cookie: started.cookie, body: { response: authenticator.assert(started.options) } };
}
