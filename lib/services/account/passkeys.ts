import 'server-only';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { NextRequest } from 'next/server';
import { clientIp } from '@/lib/api/client-ip';
import { conflict, HttpError, notFound, tooManyRequests } from '@/lib/api/errors';
import { json } from '@/lib/api/route';
import { addressLimitKey } from '@/lib/auth/login-keys';
import {
  CEREMONY_EXPIRED_TEXT,
  clearChallengeCookie,
  endChallenge,
  readChallenge,
  startChallenge,
  type ChallengeState,
} from '@/lib/auth/challenge';
import type { SessionUser } from '@/lib/auth/session';
import { PASSKEY_NOT_FOUND } from '@/lib/contract/passkeys';
import { db } from '@/lib/db';
import { toPasskeyDto, type AddedPasskeyDto, type PasskeyDto } from '@/lib/dto/passkeys';
import { appOrigin } from '@/lib/env';
import { Prisma } from '@/lib/generated/prisma/client';
import type { AddPasskeyInput, PasskeyAssertionInput } from '@/lib/validation/passkeys';
import { recordAccountEvent } from './audit';
import { deleteRecoveryCodes, issueRecoveryCodesIfFirst } from './recovery-codes';
import { finishSignIn } from './sign-in';
import { LOGIN_MAX_FAILURES_PER_ADDRESS, LOGIN_WINDOW_MS } from '../login';
import { forgetEvents, takeLimits } from '../rate-limit';
import { defaultPasskeyName, describeWebAuthnFailure } from './passkey-words';

/**
 * Passkeys (WebAuthn, issue 31) with @simplewebauthn/server: adding one to the signed-in account, listing,
 * renaming and removing them, signing in with one (as the second step after a password, or alone as a
 * discoverable credential) and a step-up before money moves.
 *
 * The relying party is the app itself as APP_URL names it: its id is APP_URL's hostname and the only origin
 * accepted is APP_URL's origin (appOrigin()), never the request's Host, which a caller writes. Every ceremony
 * keeps its challenge in a short-lived state (lib/auth/challenge.ts), bound to the session that asked for it
 * where there is one, and used once.
 */
export const RP_NAME = 'Smile Referrals';
const CEREMONY_TIMEOUT_MS = 2 * 60_000;

export function relyingParty(): { origin: string; rpID: string } {
  const origin = appOrigin();
  return { origin, rpID: new URL(origin).hostname };
}

export const NOT_REGISTERED_TEXT = 'This passkey is not registered for any account here.';
export const OTHER_ACCOUNT_TEXT =
  'This passkey belongs to another account than the one you entered the password for. Use a passkey of that account, or start again.';
export const COPIED_TEXT =
  'This passkey may have been copied: its use counter went backwards, so it was not accepted. Sign in another way, then remove it under Settings → Security and add it again.';
export const ALREADY_REGISTERED_TEXT = 'This passkey is already registered. Each passkey can be added once.';
export const NO_PASSKEY_TEXT =
  'You have no passkey yet. Use your authenticator app instead, or add a passkey under Settings → Security.';
export const NOT_YOURS_TEXT = 'This passkey is not one of yours. Use one of the passkeys on your account.';
const SIGN_IN_LIMIT_TEXT = (minutes: number) =>
  `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;

const passkeyDescriptors = async (userId: string) =>
  (
    await db.passkey.findMany({
      where: { userId },
      select: { credentialId: true, transports: true },
      orderBy: { createdAt: 'asc' },
    })
  ).map((p) => ({ id: p.credentialId, transports: p.transports }));

// ---------- adding a passkey ----------

/** POST /api/account/passkeys/options: the creation options, the challenge kept for this session. */
export async function registrationOptions(req: NextRequest, user: SessionUser): Promise<Response> {
  const { rpID } = relyingParty();
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID,
    userName: user.email,
    userDisplayName: user.email,
    userID: new TextEncoder().encode(user.id),
    timeout: CEREMONY_TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: await passkeyDescriptors(user.id),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
  const res = json(options);
  await startChallenge(req, res, {
    purpose: 'passkey_register',
    userId: user.id,
    sessionId: user.sessionId,
    challenge: options.challenge,
  });
  return res;
}

/** The ceremony's state, which must be this user's and hold a challenge; else 'start again' (400). */
async function stateFor(
  req: NextRequest,
  purpose: 'passkey_register' | 'step_up',
  user: SessionUser,
): Promise<ChallengeState & { challenge: string }> {
  const state = await readChallenge(req, purpose, user.sessionId);
  if (state.userId !== user.id || !state.challenge) throw new HttpError(400, CEREMONY_EXPIRED_TEXT);
  return state as ChallengeState & { challenge: string };
}

const isUniqueViolation = (e: unknown) =>
  e instanceof Prisma.PrismaClientKnownRequestError && e.code === 'P2002';

/**
 * POST /api/account/passkeys: checks the browser's answer against this session's challenge, the app's origin
 * and relying party id, and keeps the passkey, with its audit entry, and the recovery codes when it is the
 * account's first second factor. A refusal writes nothing (the state stays for another try until it expires).
 */
export async function addPasskey(req: NextRequest, user: SessionUser, body: AddPasskeyInput) {
  const state = await stateFor(req, 'passkey_register', user);
  const { origin, rpID } = relyingParty();
  let info;
  try {
    const verification = await verifyRegistrationResponse({
      response: body.response as RegistrationResponseJSON,
      expectedChallenge: state.challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: false,
    });
    if (!verification.verified) throw new Error('not verified');
    info = verification.registrationInfo;
  } catch (error) {
    throw new HttpError(400, describeWebAuthnFailure(error, origin));
  }

  const ip = clientIp(req.headers);
  const name = body.name?.trim() || defaultPasskeyName(req.headers.get('user-agent'));
  const { credential } = info;
  let answer: AddedPasskeyDto;
  try {
    answer = await db.$transaction(async (tx) => {
      // The state is used up with the write: two answers to one challenge cannot both add a passkey.
      const { count } = await tx.authChallenge.deleteMany({ where: { id: state.id } });
      if (count !== 1) throw new HttpError(400, CEREMONY_EXPIRED_TEXT);
      const taken = await tx.passkey.findUnique({ where: { credentialId: credential.id } });
      if (taken) throw conflict(ALREADY_REGISTERED_TEXT);
      const recoveryCodes = await issueRecoveryCodesIfFirst(tx, user.id, { ip });
      const row = await tx.passkey.create({
        data: {
          userId: user.id,
          credentialId: credential.id,
          publicKey: Buffer.from(credential.publicKey),
          counter: BigInt(credential.counter),
          transports: credential.transports ?? [],
          deviceType: info.credentialDeviceType,
          backedUp: info.credentialBackedUp,
          name,
        },
      });
      await recordAccountEvent(
        { action: 'passkey_added', userId: user.id, email: user.email, ip, details: `Passkey ‘${name}’` },
        tx,
      );
      return { passkey: toPasskeyDto(row), recoveryCodes };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(ALREADY_REGISTERED_TEXT);
    throw error;
  }
  const res = json(answer, { status: 201 });
  clearChallengeCookie(res, 'passkey_register');
  return res;
}

// ---------- the list, renaming, removing ----------

export async function listPasskeys(userId: string): Promise<PasskeyDto[]> {
  const rows = await db.passkey.findMany({
    where: { userId },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
  return rows.map(toPasskeyDto);
}

/** Only the account's own passkeys: another account's id is answered like an unknown one (404). */
export async function renamePasskey(userId: string, id: string, name: string): Promise<PasskeyDto> {
  const { count } = await db.passkey.updateMany({ where: { id, userId }, data: { name } });
  if (count !== 1) throw notFound(PASSKEY_NOT_FOUND);
  return toPasskeyDto(await db.passkey.findUniqueOrThrow({ where: { id } }));
}

/**
 * Removes one of the account's own passkeys, with its audit entry. When no second factor is left (no other
 * passkey, no authenticator app), the recovery codes go too: they would be a way in on their own.
 */
export async function removePasskey(user: SessionUser, id: string, ip: string | null): Promise<void> {
  await db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT 1 FROM "staff_users" WHERE "id" = ${user.id}::uuid FOR UPDATE`;
    const row = await tx.passkey.findFirst({ where: { id, userId: user.id } });
    if (!row) throw notFound(PASSKEY_NOT_FOUND);
    await tx.passkey.delete({ where: { id: row.id } });
    await recordAccountEvent(
      { action: 'passkey_removed', userId: user.id, email: user.email, ip, details: `Passkey ‘${row.name}’` },
      tx,
    );
    const [passkeys, account] = await Promise.all([
      tx.passkey.count({ where: { userId: user.id } }),
      tx.staffUser.findUniqueOrThrow({ where: { id: user.id }, select: { totpEnabledAt: true } }),
    ]);
    if (passkeys === 0 && !account.totpEnabledAt) await deleteRecoveryCodes(tx, user.id);
  });
}

// ---------- using a passkey: checking an assertion ----------

interface CheckedAssertion {
  passkey: { id: string; userId: string };
  newCounter: number;
}

/**
 * Checks an assertion against a stored passkey: the library checks the signature, the challenge, the origin,
 * the relying party id and the user flags; the counter is checked here, after the signature (so only a real
 * signed answer is ever called copied): a counter not higher than the stored one, when either is non-zero,
 * means two copies of the key are in use.
 */
async function checkAssertion(
  response: PasskeyAssertionInput['response'],
  passkey: {
    id: string;
    userId: string;
    credentialId: string;
    publicKey: Uint8Array;
    counter: bigint;
    transports: string[];
  },
  challenge: string,
  requireUserVerification: boolean,
  refuse: (message: string) => HttpError,
): Promise<CheckedAssertion> {
  const { origin, rpID } = relyingParty();
  let newCounter: number;
  try {
    const verification = await verifyAuthenticationResponse({
      response: response as AuthenticationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      // The stored counter is compared below, once the signature is known to be right.
      credential: {
        id: passkey.credentialId,
        publicKey: new Uint8Array(passkey.publicKey),
        counter: 0,
        transports: passkey.transports,
      },
      requireUserVerification,
    });
    if (!verification.verified) throw new Error('signature not verified');
    newCounter = verification.authenticationInfo.newCounter;
  } catch (error) {
    throw refuse(describeWebAuthnFailure(error, origin));
  }
  const stored = Number(passkey.counter);
  if ((newCounter > 0 || stored > 0) && newCounter <= stored) throw refuse(COPIED_TEXT);
  return { passkey, newCounter };
}

/** Keeps the new counter and the time of use; false when another use got there first (a copy, or a race). */
async function recordUse(
  tx: Prisma.TransactionClient,
  checked: CheckedAssertion,
  now: Date,
): Promise<boolean> {
  const { count } = await tx.passkey.updateMany({
    where: {
      id: checked.passkey.id,
      ...(checked.newCounter > 0 ? { counter: { lt: BigInt(checked.newCounter) } } : {}),
    },
    data: { counter: BigInt(checked.newCounter), lastUsedAt: now },
  });
  return count === 1;
}

// ---------- signing in ----------

async function pendingSecondFactor(req: NextRequest): Promise<ChallengeState | null> {
  try {
    return await readChallenge(req, 'second_factor');
  } catch {
    return null;
  }
}

/**
 * POST /api/login/passkey/options. After a right password (a live second-factor state in this browser), the
 * passkey is the second step: the options name that account's passkeys and the state is bound to it.
 * Otherwise a passkey alone (discoverable): no passkeys named, and the user must be verified, since the
 * passkey is then the only factor.
 */
export async function loginOptions(req: NextRequest): Promise<Response> {
  const { rpID } = relyingParty();
  const pending = await pendingSecondFactor(req);
  const allow = pending?.userId ? await passkeyDescriptors(pending.userId) : [];
  const bound = pending?.userId && allow.length > 0 ? pending.userId : null;
  const options = await generateAuthenticationOptions({
    rpID,
    timeout: CEREMONY_TIMEOUT_MS,
    ...(bound
      ? { allowCredentials: allow, userVerification: 'preferred' }
      : { userVerification: 'required' }),
  });
  const res = json(options);
  await startChallenge(req, res, { purpose: 'passkey_login', userId: bound, challenge: options.challenge });
  return res;
}

/**
 * POST /api/login/passkey: the browser's answer. Every failure counts towards the address's sign-in limit
 * (recorded before anything is looked at, as at a password sign-in); a right answer takes its own count back.
 */
export async function loginWithPasskey(req: NextRequest, body: PasskeyAssertionInput): Promise<Response> {
  const state = await readChallenge(req, 'passkey_login');
  if (!state.challenge) throw new HttpError(400, CEREMONY_EXPIRED_TEXT);
  const ip = clientIp(req.headers);
  const taken = await takeLimits([
    { key: addressLimitKey(ip), max: LOGIN_MAX_FAILURES_PER_ADDRESS, windowMs: LOGIN_WINDOW_MS },
  ]);
  if (taken.wait > 0) throw tooManyRequests(SIGN_IN_LIMIT_TEXT(Math.ceil(taken.wait / 60)), taken.wait);

  const unauthorised = (message: string) => new HttpError(401, message);
  const passkey = await db.passkey.findUnique({
    where: { credentialId: body.response.id },
    include: { user: { select: { id: true, email: true, isFullAdmin: true } } },
  });
  if (!passkey) throw unauthorised(NOT_REGISTERED_TEXT);
  // The second step: the password's account, still waiting (its own state may have timed out meanwhile).
  const pending = state.userId ? await readChallenge(req, 'second_factor') : null;
  if (state.userId && (passkey.userId !== state.userId || pending?.userId !== state.userId)) {
    throw unauthorised(OTHER_ACCOUNT_TEXT);
  }
  const checked = await checkAssertion(body.response, passkey, state.challenge, !state.userId, unauthorised);

  const now = new Date();
  const user = passkey.user;
  const res = json({ email: user.email, permissions: { isFullAdmin: user.isFullAdmin } });
  // Used once: the state goes first, so two answers to one challenge cannot both sign in.
  if (!(await endChallenge(res, state))) throw new HttpError(400, CEREMONY_EXPIRED_TEXT);
  if (pending && !(await endChallenge(res, pending))) throw new HttpError(400, CEREMONY_EXPIRED_TEXT);
  if (!(await db.$transaction((tx) => recordUse(tx, checked, now)))) throw unauthorised(COPIED_TEXT);
  await finishSignIn(req, res, user, state.userId ? 'password_passkey' : 'passkey');
  await forgetEvents(taken.eventIds);
  return res;
}

// ---------- a step-up before money moves ----------

/** POST /api/account/step-up/passkey/options: the signed-in account's passkeys, the challenge for this session. */
export async function stepUpOptions(req: NextRequest, user: SessionUser): Promise<Response> {
  const allow = await passkeyDescriptors(user.id);
  if (allow.length === 0) throw conflict(NO_PASSKEY_TEXT);
  const { rpID } = relyingParty();
  const options = await generateAuthenticationOptions({
    rpID,
    timeout: CEREMONY_TIMEOUT_MS,
    allowCredentials: allow,
    userVerification: 'preferred',
  });
  const res = json(options);
  await startChallenge(req, res, {
    purpose: 'step_up',
    userId: user.id,
    sessionId: user.sessionId,
    challenge: options.challenge,
  });
  return res;
}

/** POST /api/account/step-up/passkey: a right answer with one of the account's own passkeys marks the session. */
export async function stepUpWithPasskey(
  req: NextRequest,
  user: SessionUser,
  body: PasskeyAssertionInput,
): Promise<Response> {
  const state = await stateFor(req, 'step_up', user);
  const refuse = (message: string) => new HttpError(400, message);
  const passkey = await db.passkey.findUnique({ where: { credentialId: body.response.id } });
  if (!passkey || passkey.userId !== user.id) throw refuse(NOT_YOURS_TEXT);
  const checked = await checkAssertion(body.response, passkey, state.challenge, false, refuse);
  const now = new Date();
  const res = json({ secondFactorAt: now.toISOString() });
  if (!(await endChallenge(res, state))) throw refuse(CEREMONY_EXPIRED_TEXT);
  const used = await db.$transaction(async (tx) => {
    if (!(await recordUse(tx, checked, now))) return false;
    await tx.staffSession.update({ where: { id: user.sessionId }, data: { secondFactorAt: now } });
    return true;
  });
  if (!used) throw refuse(COPIED_TEXT);
  return res;
}
