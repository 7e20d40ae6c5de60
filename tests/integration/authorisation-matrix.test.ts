/**
 * Issue 8, part 1: the authorisation matrix.
 *
 * Every route handler under app/api is found on disk (tests/support/routes.ts) and every method it exports is
 * called as each kind of session below. What each may do is written once, in MATRIX: the permission table of
 * the spec (section 6) plus the rules added since (staff accounts, settings, payments, team reviews). A route
 * or method added without a line in MATRIX, or a line naming a route or method that does not exist, fails the
 * suite. Public routes are listed as public on purpose.
 *
 * For each call:
 * - a non-public route answers a signed-out caller 401 `{ message: 'You need to sign in.' }`;
 * - an admin route answers other staff 403 `{ message: 'Only a full admin can do this.' }`;
 * - a refused call changes nothing in the database (no row added, removed or changed);
 * - a caller who is allowed gets the route's success status with a valid request (never 401 or 403);
 * - every JSON or CSV answer of a non-public route says `Cache-Control: no-store` (issue 14 point 11).
 *
 * Sessions of accounts that changed after they signed in are held to their account as it is now, not as it
 * was in their cookie: removed accounts are signed out, a demoted admin is staff, a promoted staff member is
 * a full admin, all at once.
 */
import { randomBytes } from 'node:crypto';
import { DELETE as removeUserRoute, PATCH as patchUserRoute } from '@/app/api/admin/users/[id]/route';
import { GET as listClientsRoute } from '@/app/api/clients/route';
import { DELETE as deleteReferralRoute } from '@/app/api/referrals/[id]/route';
import { GET as outstandingRoute } from '@/app/api/payments/outstanding/route';
import { GET as settingsRoute, PATCH as patchSettingsRoute } from '@/app/api/settings/route';
import { GET as userRoute } from '@/app/api/user/route';
import { generate } from 'otplib';
import sharp from 'sharp';
import { encrypt } from '@/lib/crypto';
import { db } from '@/lib/db';
import { encryptionKey } from '@/lib/env';
import { unsubscribeToken } from '@/lib/messages/unsubscribe';
import { inviteTokenHash } from '@/lib/services/account/invites';
import { hashOfToken } from '@/lib/services/account/password-reset';
import { makeRecoveryCodes } from '@/lib/services/account/recovery-codes';
import { setUpTestDatabase } from '../support/db';
import {
  fixtureClient,
  fixtureBankDetailsLink,
  fixtureLead,
  fixtureMember,
  fixtureMessage,
  fixtureReferral,
  fixtureReview,
  fixtureReviewLink,
  fixtureScan,
  uniqueEmail,
  uniqueIp,
  uniqueSession,
} from '../support/fixtures';
import { call, makeStaff, type TestStaff } from '../support/http';
import { add as addRow, fixtureDoneImport, fixtureImport, patient } from '../support/imports';
import { fixtureProposal } from '../support/practice';
import { dentallyHeld } from '../support/dentally';
import { makeApiKey, practiceEvent } from '../support/api-keys';
import { snapshot, snapshotChanges } from '../support/row-counts';
import { discoverRoutes, fillPath, type AnyRouteHandler, type DiscoveredRoute } from '../support/routes';
import { passkeyIdFor, passkeySignInRequest, registrationRequest, stepUpRequest } from '../support/webauthn';

setUpTestDatabase();

// A mail server is 'set up' (nothing is sent: no job queue runs here), so held messages can be sent on.
process.env.SMTP_URL ??= 'smtp://127.0.0.1:9';

const SIGN_IN_TEXT = 'You need to sign in.';
const API_KEY_TEXT = 'A valid API key is needed: Authorization: Bearer <key>.';
const ADMIN_ONLY_TEXT = 'Only a full admin can do this.';

/** 'key' (issue 34): an integration API key only; every session, signed out or in, is refused 401. */
type Access = 'public' | 'staff' | 'admin' | 'key';

/** What a call needs besides the session: made fresh for each call, so each deletion or payment has its own row. */
interface RequestParts {
  params?: Record<string, string>;
  /** The query string, without '?'. */
  query?: string;
  body?: unknown;
  /** A multipart body (the logo upload). */
  form?: FormData;
  ip?: string;
  /** Cookies sent besides the session's (issue 31: a pending sign-in's second step). */
  cookie?: string;
  /** Headers sent besides (issue 34: the API key of a key route's allowed call). */
  headers?: Record<string, string>;
}

interface Session {
  id: string;
  email: string;
  password: string;
  cookie: string;
}

interface Expectation {
  access: Access;
  /** The status a caller who may use the route gets for the request below. */
  ok: number;
  request?: (session: Session | null) => Promise<RequestParts>;
  /** The call changes the caller's own account or session (its password, signing out), so each call gets an
   * account of its own. */
  ownAccount?: boolean;
}

/**
 * route + method → who may call it. Spec section 6: the lead form, reward card and review page are public;
 * adding and editing clients, searching, adding referrals, Story Started, revert and mark paid are for any
 * signed-in staff member; the Payments & Reporting tab, deleting a client or referral, undoing a payment,
 * the reward and team bonus settings, and the Verify Reviews and Bonus Payments tabs are for full admins.
 * Added since: staff accounts are managed by full admins only; each member of staff changes their own
 * password; settings are read by any staff member (the pages show them) and changed by full admins.
 */
const MATRIX: Record<string, Expectation> = {
  // Sign-in and the signed-in user (spec section 7).
  'POST /api/login': {
    access: 'public',
    ok: 200,
    request: async () => ({ body: { username: loginAccount.email, password: loginAccount.password } }),
  },
  // Issue 31: signing in with a passkey (a new account with one for each call, from an address of its own).
  'POST /api/login/passkey': { access: 'public', ok: 200, request: async () => passkeySignInRequest() },
  'POST /api/login/passkey/options': { access: 'public', ok: 200 },
  // Issue 31: the second step of a sign-in, with the cookie of the pending state the password step started.
  'POST /api/login/second-factor': {
    access: 'public',
    ok: 200,
    request: async () => ({ ip: uniqueIp(), ...(await pendingSecondStep()) }),
  },
  // Signing out ends the caller's session on the server, so each call signs out a session of its own.
  'POST /api/logout': { access: 'public', ok: 200, ownAccount: true },
  'GET /api/user': { access: 'staff', ok: 200 },
  'POST /api/change-password': {
    access: 'staff',
    ok: 200,
    ownAccount: true,
    request: async (s) => ({
      body: {
        email: s?.email ?? 'nobody@example.com',
        currentPassword: s?.password ?? 'whatever-it-was',
        newPassword: 'A-New-Password-2025',
      },
    }),
  },
  // Issue 31: a forgotten password. Public: the same 202 for any address; a link's use needs its emailed token.
  'POST /api/password-reset': {
    access: 'public',
    ok: 202,
    request: async () => ({ ip: uniqueIp(), body: { email: uniqueEmail('reset') } }),
  },
  'POST /api/password-reset/[token]': {
    access: 'public',
    ok: 200,
    request: async () => {
      const token = randomBytes(32).toString('base64url');
      await db.passwordReset.create({
        data: {
          userId: (await plainAccount()).id,
          tokenHash: hashOfToken(token),
          expiresAt: new Date(Date.now() + 30 * 60_000),
        },
      });
      return { ip: uniqueIp(), params: { token }, body: { newPassword: 'A-New-Password-2025' } };
    },
  },
  // Load balancers' liveness check: public, and says nothing about the data.
  'GET /api/health': { access: 'public', ok: 200 },
  // Readiness (issue 32): public and says nothing personal. No job queue runs in this test process, so it
  // answers 503 saying so; tests/integration/operations.test.ts covers its 200 and each problem.
  'GET /api/ready': { access: 'public', ok: 503 },
  // The API's description for integrators (issue 30): public, as its reference page is.
  'GET /api/openapi.json': { access: 'public', ok: 200 },

  // Staff accounts (added since the spec): full admins only.
  'GET /api/admin/users': { access: 'admin', ok: 200 },
  'POST /api/admin/users': {
    access: 'admin',
    ok: 201,
    request: async () => ({ body: { email: uniqueEmail('newstaff'), password: 'Correct-Horse-Battery' } }),
  },
  // Issue 31: invitations, managed by full admins (a new one for each resend and revoke); accepting one is
  // public (a new invitation for each call, from an address of its own). Accepting signs the browser in as
  // the new account and ends the session it had, so each call brings a session of its own.
  'GET /api/admin/invites': { access: 'admin', ok: 200 },
  'POST /api/admin/invites/[id]/resend': {
    access: 'admin',
    ok: 200,
    request: async () => ({ params: { id: (await matrixInvite()).id } }),
  },
  'DELETE /api/admin/invites/[id]': {
    access: 'admin',
    ok: 204,
    request: async () => ({ params: { id: (await matrixInvite()).id } }),
  },
  'POST /api/invites/[token]': {
    access: 'public',
    ok: 200,
    ownAccount: true,
    request: async () => ({
      ip: uniqueIp(),
      params: { token: (await matrixInvite()).token },
      body: { password: 'Correct-Horse-Battery' },
    }),
  },
  'PATCH /api/admin/users/[id]': {
    access: 'admin',
    ok: 200,
    request: async () => ({ params: { id: (await plainAccount()).id }, body: { isFullAdmin: true } }),
  },
  'DELETE /api/admin/users/[id]': {
    access: 'admin',
    ok: 204,
    request: async () => ({ params: { id: (await plainAccount()).id } }),
  },
  'DELETE /api/admin/users/[id]/sessions': {
    access: 'admin',
    ok: 200,
    request: async () => ({ params: { id: (await plainAccount()).id } }),
  },
  'POST /api/admin/users/[id]/unlock': {
    access: 'admin',
    ok: 200,
    request: async () => ({ params: { id: (await plainAccount()).id } }),
  },
  // Issue 31: passkeys, each member of staff their own (a new account for each added one; a passkey of the
  // caller's made for each rename, removal and step-up, whose options start the ceremony's state).
  'GET /api/account/passkeys': { access: 'staff', ok: 200 },
  'POST /api/account/passkeys': {
    access: 'staff',
    ok: 201,
    ownAccount: true,
    request: async (s) => registrationRequest(s?.cookie),
  },
  'POST /api/account/passkeys/options': { access: 'staff', ok: 200 },
  'PATCH /api/account/passkeys/[id]': {
    access: 'staff',
    ok: 200,
    request: async (s) => ({ params: { id: await passkeyIdFor(s?.id) }, body: { name: 'Renamed' } }),
  },
  'DELETE /api/account/passkeys/[id]': {
    access: 'staff',
    ok: 204,
    request: async (s) => ({ params: { id: await passkeyIdFor(s?.id) } }),
  },
  'POST /api/account/step-up/passkey': { access: 'staff', ok: 200, request: async (s) => stepUpRequest(s) },
  'POST /api/account/step-up/passkey/options': {
    access: 'staff',
    ok: 200,
    request: async (s) => {
      await passkeyIdFor(s?.id);
      return {};
    },
  },
  // Issue 31: the authenticator app, recovery codes and the step-up by code: each member of staff, on their own
  // account (one of its own for each call, as they change it).
  'GET /api/account/second-factors': { access: 'staff', ok: 200 },
  'POST /api/account/recovery-codes': {
    access: 'staff',
    ok: 200,
    ownAccount: true,
    request: async (s) => {
      if (s) await totpEnabledFor(s.id);
      return {};
    },
  },
  'POST /api/account/step-up': {
    access: 'staff',
    ok: 200,
    ownAccount: true,
    request: async (s) => ({ ip: uniqueIp(), body: { recoveryCode: await recoveryCodeFor(s?.id) } }),
  },
  'POST /api/account/totp': { access: 'staff', ok: 200, ownAccount: true },
  'DELETE /api/account/totp': {
    access: 'staff',
    ok: 204,
    ownAccount: true,
    request: async (s) => {
      if (s) await totpEnabledFor(s.id);
      return {};
    },
  },
  'POST /api/account/totp/verify': {
    access: 'staff',
    ok: 200,
    ownAccount: true,
    request: async (s) => {
      if (s) await totpStartedFor(s.id);
      return { body: { code: await generate({ secret: TOTP_SECRET }) } };
    },
  },
  // Issue 31: the sign-in record. Each member of staff reads their own sign-ins and signs out a session of
  // their own (another of the caller's, made for each call; a removed account has none, and is 401 first) ...
  'DELETE /api/account/sessions/[id]': {
    access: 'staff',
    ok: 200,
    request: async (s) => {
      const owner = s && (await db.staffUser.findUnique({ where: { id: s.id } }));
      if (!owner) return { params: { id: '0192f5e0-0000-7000-8000-00000000beef' } };
      const other = await db.staffSession.create({
        data: { userId: owner.id, expiresAt: new Date(Date.now() + 3_600_000) },
      });
      return { params: { id: other.id } };
    },
  },
  'GET /api/account/sign-ins': { access: 'staff', ok: 200 },
  // ... and full admins read everyone's sign-ins and the account audit.
  'GET /api/admin/account-audit': { access: 'admin', ok: 200 },
  'GET /api/admin/sign-ins': { access: 'admin', ok: 200 },
  // Issue 32: the backups' state (Settings and the dashboard's warning).
  'GET /api/admin/backups': { access: 'admin', ok: 200 },

  // Public pages: the reward card, the lead form's referrer lookup, QR code and wallet pass, the lead form.
  'GET /api/card/[cardToken]': {
    access: 'public',
    ok: 200,
    request: async () => ({ params: { cardToken: (await fixtureClient()).inviteToken } }),
  },
  'GET /api/users/card/[cardNumber]': {
    access: 'public',
    ok: 200,
    request: async () => ({ params: { cardNumber: (await fixtureClient()).cardNumber } }),
  },
  'GET /api/users/card/[cardNumber]/qr': {
    access: 'public',
    ok: 200,
    request: async () => ({ params: { cardNumber: (await fixtureClient()).cardNumber } }),
  },
  // Public; 503 'not set up' here because the tests have no Apple Wallet certificates.
  'GET /api/users/card/[cardNumber]/pass': {
    access: 'public',
    ok: 503,
    request: async () => ({ params: { cardNumber: (await fixtureClient()).cardNumber } }),
  },
  'GET /api/users/card/[cardNumber]/google-wallet': {
    access: 'public',
    ok: 503,
    request: async () => ({ params: { cardNumber: (await fixtureClient()).cardNumber } }),
  },
  'POST /api/leads': {
    access: 'public',
    ok: 201,
    request: async () => ({
      ip: uniqueIp(),
      body: {
        firstName: 'Matrix',
        lastName: 'Lead',
        email: uniqueEmail('lead'),
        phone: '07123 456789',
        treatmentInterest: 'improve-my-smile',
        referrerId: (await fixtureClient()).cardNumber,
      },
    }),
  },

  // Clients (spec section 6: any staff member; deleting: full admins).
  'GET /api/clients': { access: 'staff', ok: 200 },
  /** Issue 29, point 6: whether the card links can be opened by patients (Add Client and Send card warn). */
  'GET /api/app-url': { access: 'staff', ok: 200 },
  'GET /api/clients/leaderboard': { access: 'staff', ok: 200 },
  'GET /api/clients/[id]': {
    access: 'staff',
    ok: 200,
    request: async () => ({ params: { id: (await fixtureClient()).id } }),
  },
  'DELETE /api/clients/[id]': {
    access: 'admin',
    ok: 204,
    request: async () => ({ params: { id: (await fixtureClient()).id } }),
  },
  'POST /api/admin/clients': {
    access: 'staff',
    ok: 201,
    request: async () => ({
      body: { firstName: 'Matrix', lastName: 'Client', email: uniqueEmail('client') },
    }),
  },
  'PATCH /api/admin/clients/[id]': {
    access: 'staff',
    ok: 200,
    request: async () => ({
      params: { id: (await fixtureClient()).id },
      body: { firstName: 'Edited', lastName: 'Name', affiliateCompany: 'Smile Co' },
    }),
  },
  // The held change an approval shows, masked (issue 29, point 8): full admins only.
  'GET /api/admin/clients/[id]/bank-details/pending': {
    access: 'admin',
    ok: 200,
    request: async () => ({ params: { id: (await fixtureClient()).id } }),
  },
  // Approving bank details that staff changed (issue 14): full admins only.
  'POST /api/admin/clients/[id]/bank-details/approve': {
    access: 'admin',
    ok: 200,
    request: async () => {
      const client = await fixtureClient();
      // The approval names the held change (issue 28).
      const changeId = '0192f5e0-0000-7000-8000-00000000c4a9';
      await db.client.update({
        where: { id: client.id },
        data: {
          bankDetailsHeldAt: new Date(),
          bankDetailsChangedBy: 'staff@clinic.test',
          bankDetailsChangeId: changeId,
        },
      });
      return { params: { id: client.id }, body: { changeId } };
    },
  },
  'POST /api/admin/create-branded-link': {
    access: 'staff',
    ok: 200,
    request: async () => {
      const client = await fixtureClient();
      return { body: { firstName: client.firstName, lastName: client.lastName, clientId: client.id } };
    },
  },

  // Leads and referrals (any staff member; deleting a referral and undoing a payment: full admins).
  'GET /api/leads': { access: 'staff', ok: 200 },
  'GET /api/referrals': { access: 'staff', ok: 200 },
  'POST /api/referrals': {
    access: 'staff',
    ok: 201,
    request: async () => ({
      body: { referrerId: (await fixtureClient()).id, leadId: (await fixtureLead()).id, status: 'pending' },
    }),
  },
  'PATCH /api/referrals/[id]': {
    access: 'staff',
    ok: 200,
    request: async () => ({
      params: { id: (await fixtureReferral('pending')).id },
      body: { status: 'Payment Due', rewardAmount: 200 },
    }),
  },
  'DELETE /api/referrals/[id]': {
    access: 'admin',
    ok: 204,
    request: async () => ({ params: { id: (await fixtureReferral('pending')).id } }),
  },
  'POST /api/referrals/[id]/payment': {
    access: 'staff',
    ok: 200,
    request: async () => ({ params: { id: (await fixtureReferral('due')).id } }),
  },
  'DELETE /api/referrals/[id]/payment': {
    access: 'admin',
    ok: 200,
    request: async () => ({ params: { id: (await fixtureReferral('paid')).id } }),
  },

  // Payments & Reporting tab: full admins only.
  'GET /api/payments/outstanding': { access: 'admin', ok: 200 },
  'GET /api/payments/report': {
    access: 'admin',
    ok: 200,
    request: async () => ({ query: 'year=2024&month=6' }),
  },
  'GET /api/payments/report.csv': {
    access: 'admin',
    ok: 200,
    request: async () => ({ query: 'year=2024&month=6' }),
  },
  'GET /api/payments/audit': { access: 'admin', ok: 200 },
  'GET /api/payments/audit.csv': { access: 'admin', ok: 200 },
  'GET /api/payments/bank-file.csv': { access: 'admin', ok: 200 },
  // What the bank file would hold, before downloading it (issue 29, point 9).
  'GET /api/payments/bank-file': { access: 'admin', ok: 200 },
  'POST /api/payments/pay-all': {
    access: 'admin',
    ok: 200,
    request: async () => {
      const client = await fixtureClient();
      await fixtureReferral('due', { client, convertedAt: new Date('2024-06-10T12:00:00Z') });
      return { body: { clientId: client.id, year: 2024, month: 6 } };
    },
  },

  // Settings: read by any staff member, the amounts and links changed by full admins only.
  'GET /api/settings': { access: 'staff', ok: 200 },
  // The clinic profile's logo (issue 16): full admins only.
  'POST /api/settings/logo': {
    access: 'admin',
    ok: 200,
    request: async () => {
      const form = new FormData();
      const png = await sharp({ create: { width: 16, height: 16, channels: 4, background: '#00716b' } })
        .png()
        .toBuffer();
      form.set('logo', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'logo.png');
      return { form };
    },
  },
  'DELETE /api/settings/logo': { access: 'admin', ok: 200 },
  // Privacy (issue 16): exports and erasure are for full admins; attaching a lead's referrer for any staff.
  'GET /api/clients/[id]/export': {
    access: 'admin',
    ok: 200,
    request: async () => ({ params: { id: (await fixtureClient()).id } }),
  },
  // Issue 33: the clients export (full admins); running an import, and cancelling it, for any staff member;
  // undoing it and sending its cards for full admins. One import runs at a time: each start has its own.
  'GET /api/clients/export.csv': { access: 'admin', ok: 200 },
  'POST /api/imports/[id]/start': {
    access: 'staff',
    ok: 202,
    request: async () => {
      await db.clientImport.updateMany({ where: { status: 'running' }, data: { status: 'cancelled' } });
      return { params: { id: (await fixtureImport([addRow(patient())])).id }, body: {} };
    },
  },
  'POST /api/imports/[id]/cancel': {
    access: 'staff',
    ok: 200,
    request: async () => ({ params: { id: (await fixtureImport([addRow(patient())])).id } }),
  },
  'POST /api/imports/[id]/undo': {
    access: 'admin',
    ok: 200,
    request: async () => ({ params: { id: (await fixtureDoneImport([{}])).import.id } }),
  },
  'POST /api/imports/[id]/send-cards': {
    access: 'admin',
    ok: 200,
    request: async () => ({ params: { id: (await fixtureDoneImport([{ consent: true }])).import.id } }),
  },
  // Issue 34: proposals from the practice's records: any staff member lists, confirms and rejects them; a
  // full admin confirms every high-confidence one at once.
  'GET /api/practice-matches': { access: 'staff', ok: 200 },
  'POST /api/practice-matches/[id]/confirm': {
    access: 'staff',
    ok: 200,
    request: async () => ({ params: { id: (await fixtureProposal()).match.id } }),
  },
  'POST /api/practice-matches/[id]/reject': {
    access: 'staff',
    ok: 200,
    request: async () => ({ params: { id: (await fixtureProposal('low')).match.id } }),
  },
  'POST /api/practice-matches/confirm-high': { access: 'admin', ok: 200 },
  // Issue 34: the Dentally connection, for full admins only. Dentally has asked us to wait (dentallyHeld), so
  // the sync a save or "Sync now" starts in the background writes nothing.
  'GET /api/integrations/dentally': { access: 'admin', ok: 200 },
  'PUT /api/integrations/dentally': {
    access: 'admin',
    ok: 200,
    request: async () => {
      await dentallyHeld(false);
      return { body: { token: 'matrix-token-0002', siteId: null } };
    },
  },
  'DELETE /api/integrations/dentally': {
    access: 'admin',
    ok: 200,
    request: async () => {
      await dentallyHeld(true);
      return {};
    },
  },
  'POST /api/integrations/dentally/sync': {
    access: 'admin',
    ok: 202,
    request: async () => {
      await dentallyHeld(true);
      return {};
    },
  },
  // Issue 34: the integration API's keys are made, listed and revoked by full admins; the practice events
  // route takes a key only (the allowed call sends a new key; every session is refused 401).
  'GET /api/admin/api-keys': { access: 'admin', ok: 200 },
  'POST /api/admin/api-keys': {
    access: 'admin',
    ok: 201,
    request: async () => ({ body: { name: 'Matrix' } }),
  },
  'DELETE /api/admin/api-keys/[id]': {
    access: 'admin',
    ok: 204,
    request: async () => ({ params: { id: (await makeApiKey()).id } }),
  },
  'POST /api/integrations/practice-events': {
    access: 'key',
    ok: 202,
    request: async () => ({ body: { events: [practiceEvent()] } }),
  },
  // Issue 34: uploading a practice system's export, for any staff member (a preview: nothing written).
  'POST /api/practice-records/upload': {
    access: 'staff',
    ok: 200,
    request: async () => {
      const form = new FormData();
      const csv = 'First name,Last name,Visit date\nAmy,Pond,01/09/2025\n';
      form.set('file', new Blob([csv], { type: 'text/csv' }), 'visits.csv');
      return { form };
    },
  },
  // Issue 33: uploading a file of clients and its preview, for any staff member.
  'POST /api/imports/clients': {
    access: 'staff',
    ok: 201,
    request: async () => {
      const form = new FormData();
      const csv = `First name,Last name,Email\nAmy,Pond,${uniqueEmail('import')}\n`;
      form.set('file', new Blob([csv], { type: 'text/csv' }), 'patients.csv');
      return { form };
    },
  },
  'GET /api/imports': { access: 'staff', ok: 200 },
  'GET /api/imports/[id]': {
    access: 'staff',
    ok: 200,
    request: async () => ({ params: { id: (await fixtureImport([addRow(patient())])).id } }),
  },
  'GET /api/imports/[id]/errors.csv': {
    access: 'staff',
    ok: 200,
    request: async () => ({ params: { id: (await fixtureImport([addRow(patient())])).id } }),
  },
  'PUT /api/imports/[id]/mapping': {
    access: 'staff',
    ok: 200,
    request: async () => ({
      params: { id: (await fixtureImport([addRow(patient())])).id },
      body: { mapping: { phone: null } },
    }),
  },
  'GET /api/referrals/[id]/export': {
    access: 'admin',
    ok: 200,
    request: async () => ({ params: { id: (await fixtureReferral('pending')).id } }),
  },
  'POST /api/leads/[id]/erase': {
    access: 'admin',
    ok: 200,
    request: async () => ({ params: { id: (await fixtureLead()).id } }),
  },
  'POST /api/leads/[id]/attach': {
    access: 'staff',
    ok: 200,
    request: async () => ({
      params: { id: (await fixtureLead()).id },
      body: { cardNumber: (await fixtureClient()).cardNumber },
    }),
  },
  'PATCH /api/settings': {
    access: 'admin',
    ok: 200,
    request: async () => ({ body: { teamBonusAmount: 10 } }),
  },

  // Messages and the new-referrals inbox (issue 17): the inbox and sending a card for any staff member; the
  // record of messages for full admins; the client's bank-details link and the unsubscribe link are public.
  'GET /api/referrals/inbox': { access: 'staff', ok: 200 },
  'PATCH /api/leads/[id]': {
    access: 'staff',
    ok: 200,
    request: async () => ({ params: { id: (await fixtureLead()).id }, body: { contacted: true } }),
  },
  'POST /api/clients/[id]/send-card': {
    access: 'staff',
    ok: 202,
    request: async () => ({ params: { id: (await fixtureClient()).id } }),
  },
  'GET /api/messages': { access: 'admin', ok: 200 },
  'GET /api/messages/summary': { access: 'admin', ok: 200 },
  'POST /api/messages/send-held': { access: 'admin', ok: 200 },
  'POST /api/messages/[id]/retry': {
    access: 'admin',
    ok: 200,
    request: async () => ({ params: { id: (await fixtureMessage('failed')).id } }),
  },
  'POST /api/bank-details/[token]': {
    access: 'public',
    ok: 200,
    request: async () => ({
      ip: uniqueIp(),
      params: { token: await fixtureBankDetailsLink() },
      body: { accountName: 'Matrix Client', sortCode: '11-22-33', accountNumber: '12345678' },
    }),
  },
  'POST /api/unsubscribe/[token]': {
    access: 'public',
    ok: 200,
    request: async () => ({ params: { token: unsubscribeToken(uniqueEmail('unsub'), 'reward-paid') } }),
  },
  // The List-Unsubscribe address opened in a browser: on to the page, which asks (issue 28).
  'GET /api/unsubscribe/[token]': {
    access: 'public',
    ok: 303,
    request: async () => ({ params: { token: unsubscribeToken(uniqueEmail('unsub'), 'reward-paid') } }),
  },

  // Team Reviews: Team Members and Scan Tracking & Leaderboard tabs for any staff member ...
  'GET /api/team-members': { access: 'staff', ok: 200 },
  'POST /api/team-members': {
    access: 'staff',
    ok: 201,
    request: async () => ({ body: { firstName: 'Matrix', lastName: 'Member' } }),
  },
  'GET /api/team-members/[id]/qr': {
    access: 'staff',
    ok: 200,
    request: async () => ({ params: { id: (await fixtureMember()).id } }),
  },
  // Issue 29, point 13: printed codes, for any staff member (the reception desk prints them).
  'GET /api/team-members/[id]/print': {
    access: 'staff',
    ok: 200,
    request: async () => ({ params: { id: (await fixtureMember()).id }, query: 'format=a6' }),
  },
  'GET /api/print/referral-poster': { access: 'staff', ok: 200 },
  'GET /api/team-stats': { access: 'staff', ok: 200 },
  // ... deleting a member, Verify Reviews and Bonus Payments for full admins only ...
  'DELETE /api/team-members/[id]': {
    access: 'admin',
    ok: 204,
    request: async () => ({ params: { id: (await fixtureMember()).id } }),
  },
  // Issue 18: correcting a name, archiving and restoring; the payroll views.
  'PATCH /api/team-members/[id]': {
    access: 'admin',
    ok: 200,
    request: async () => ({ params: { id: (await fixtureMember()).id }, body: { lastName: 'Renamed' } }),
  },
  'POST /api/team-scans/reject': {
    access: 'admin',
    ok: 200,
    request: async () => ({ body: { ids: [(await fixtureScan()).id] } }),
  },
  'GET /api/team-reviews/outstanding': { access: 'admin', ok: 200 },
  'GET /api/team-reviews/payroll.csv': {
    access: 'admin',
    ok: 200,
    request: async () => ({ query: 'year=2024&month=6' }),
  },
  'GET /api/team-reviews/audit': { access: 'admin', ok: 200 },
  'GET /api/team-reviews/audit.csv': { access: 'admin', ok: 200 },
  'GET /api/team-scans': { access: 'admin', ok: 200 },
  // Issue 20: the owner's Insights, for full admins.
  'GET /api/insights': { access: 'admin', ok: 200, request: async () => ({ query: 'months=6' }) },
  'POST /api/team-scans/[id]/approve': {
    access: 'admin',
    ok: 201,
    request: async () => ({
      params: { id: (await fixtureScan()).id },
      body: {
        reviewerName: 'Matrix Reviewer',
        reviewUrl: `https://g.page/r/matrix-${uniqueSession()}/review`,
      },
    }),
  },
  'POST /api/team-scans/[id]/reject': {
    access: 'admin',
    ok: 204,
    request: async () => ({ params: { id: (await fixtureScan()).id } }),
  },
  'GET /api/team-reviews': {
    access: 'admin',
    ok: 200,
    request: async () => ({ query: 'year=2024&month=6' }),
  },
  'POST /api/team-reviews': {
    access: 'admin',
    ok: 201,
    request: async () => ({
      body: {
        teamMemberId: (await fixtureMember()).id,
        reviewerName: 'Matrix Reviewer',
        reviewDate: '2024-06-15',
        reviewUrl: `https://g.page/r/matrix-${uniqueSession()}/review`,
      },
    }),
  },
  'POST /api/team-reviews/[id]/payment': {
    access: 'admin',
    ok: 200,
    request: async () => ({ params: { id: (await fixtureReview()).id } }),
  },
  'DELETE /api/team-reviews/[id]/payment': {
    access: 'admin',
    ok: 200,
    request: async () => ({ params: { id: (await fixtureReview({ paid: true })).id } }),
  },
  'POST /api/team-reviews/pay-all': {
    access: 'admin',
    ok: 200,
    request: async () => {
      const member = await fixtureMember();
      await fixtureReview({ member, date: '2024-06-15' });
      return { body: { teamMemberId: member.id, year: 2024, month: 6 } };
    },
  },
  'POST /api/team-reviews/undo-bulk': {
    access: 'admin',
    ok: 200,
    request: async () => ({ body: { reviewIds: [(await fixtureReview({ paid: true })).id] } }),
  },
  // ... and the review page's reports are public (rate-limited per address).
  'POST /api/track-scan': {
    access: 'public',
    ok: 201,
    request: async () => {
      await fixtureReviewLink(); // without one, a visit counts nothing (200)
      return {
        ip: uniqueIp(),
        body: {
          teamMemberId: (await fixtureMember()).code,
          sessionId: uniqueSession(),
          isUniqueVisitor: true,
        },
      };
    },
  },
  'POST /api/track-review-platform': {
    access: 'public',
    ok: 201,
    request: async () => ({
      ip: uniqueIp(),
      body: { teamMemberId: (await fixtureMember()).id, platform: 'trustpilot', sessionId: uniqueSession() },
    }),
  },
};

// ---------- the sessions ----------

/**
 * Each kind of session, and what it is now entitled to. The last four signed in as one thing and were then
 * changed by a full admin through the API: their cookies still say what they were.
 */
const SESSIONS = {
  'signed out': 'none',
  staff: 'staff',
  'full admin': 'admin',
  'removed staff': 'none',
  'removed full admin': 'none',
  'demoted full admin': 'staff',
  'promoted staff': 'admin',
} as const satisfies Record<string, 'none' | 'staff' | 'admin'>;
type SessionKind = keyof typeof SESSIONS;
const SESSION_KINDS = Object.keys(SESSIONS) as SessionKind[];

let boss: TestStaff;
let loginAccount: TestStaff;
const sessions = new Map<SessionKind, Session | null>();

async function removeAccount(id: string): Promise<void> {
  const res = await call(removeUserRoute, {
    method: 'DELETE',
    path: `/api/admin/users/${id}`,
    params: { id },
    cookie: boss.cookie,
  });
  if (res.status !== 204) throw new Error(`account not removed: ${res.status} ${JSON.stringify(res.body)}`);
}

async function setAdmin(id: string, isFullAdmin: boolean): Promise<void> {
  const res = await call(patchUserRoute, {
    method: 'PATCH',
    path: `/api/admin/users/${id}`,
    params: { id },
    body: { isFullAdmin },
    cookie: boss.cookie,
  });
  if (res.status !== 200) throw new Error(`role not changed: ${res.status} ${JSON.stringify(res.body)}`);
}

/** A new account of this kind, signed in before it was removed, demoted or promoted. */
async function newSession(kind: SessionKind): Promise<Session | null> {
  switch (kind) {
    case 'signed out':
      return null;
    case 'staff':
      return makeStaff();
    case 'full admin':
      return makeStaff({ isFullAdmin: true });
    case 'removed staff': {
      const account = await makeStaff();
      await removeAccount(account.id);
      return account;
    }
    case 'removed full admin': {
      const account = await makeStaff({ isFullAdmin: true });
      await removeAccount(account.id);
      return account;
    }
    case 'demoted full admin': {
      const account = await makeStaff({ isFullAdmin: true });
      await setAdmin(account.id, false);
      return account;
    }
    case 'promoted staff': {
      const account = await makeStaff();
      await setAdmin(account.id, true);
      return account;
    }
  }
}

/** An account with no sessions in use, for the staff-account routes to promote or remove. */
const plainAccount = () =>
  db.staffUser.create({ data: { email: uniqueEmail('target'), passwordHash: 'not-a-real-hash' } });

/** Issue 31: a pending invitation, and its link's token. */
async function matrixInvite(): Promise<{ id: string; token: string }> {
  const token = `matrix-invite-${uniqueSession()}`.replace(/[^A-Za-z0-9_-]/g, '-');
  const invite = await db.staffInvite.create({
    data: {
      email: uniqueEmail('invited'),
      tokenHash: inviteTokenHash(token),
      expiresAt: new Date(Date.now() + 86_400_000),
      invitedBy: 'matrix@clinic.test',
    },
  });
  return { id: invite.id, token };
}

/** Issue 31: an authenticator app's secret (base32, 160 bits) the matrix's accounts set up. */
const TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

/** The account's authenticator app set up but not yet confirmed (a removed account: nothing). */
const totpStartedFor = (userId: string) =>
  db.staffUser.updateMany({
    where: { id: userId },
    data: { totpSecretEnc: encrypt(TOTP_SECRET, encryptionKey()), totpEnabledAt: null, totpLastStep: null },
  });

/** The account's authenticator app set up and confirmed. */
const totpEnabledFor = (userId: string) =>
  db.staffUser.updateMany({
    where: { id: userId },
    data: { totpSecretEnc: encrypt(TOTP_SECRET, encryptionKey()), totpEnabledAt: new Date() },
  });

/** One of the account's new recovery codes (a made-up one for no account, or a removed one). */
async function recoveryCodeFor(userId: string | undefined): Promise<string> {
  const account = userId && (await db.staffUser.findUnique({ where: { id: userId } }));
  if (!account) return 'abcde-fghjk';
  return (await db.$transaction((tx) => makeRecoveryCodes(tx, account.id)))[0]!;
}

/** A new account with an authenticator app, past its password step: the pending state's cookie and a code. */
async function pendingSecondStep(): Promise<{ cookie: string; body: { code: string } }> {
  const account = await makeStaff();
  await totpEnabledFor(account.id);
  const { POST: login } = await import('@/app/api/login/route');
  const res = await call(login, {
    body: { username: account.email, password: account.password },
    ip: uniqueIp(),
  });
  const cookie = Object.entries(res.setCookies)
    .filter(([, value]) => value)
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');
  return { cookie, body: { code: await generate({ secret: TOTP_SECRET }) } };
}

let discovered: DiscoveredRoute[] = [];
let checked = 0;
let refusedChecked = 0;

beforeAll(async () => {
  boss = await makeStaff({ isFullAdmin: true });
  loginAccount = await makeStaff();
  for (const kind of SESSION_KINDS) sessions.set(kind, await newSession(kind));
  // The settings row is made on first read; make it now, so a refused call cannot look like a write.
  await call(settingsRoute, { cookie: boss.cookie });
  discovered = await discoverRoutes();
});

afterAll(() => {
  const routeMethods = Object.keys(MATRIX).length;
  console.log(
    `[authorisation matrix] ${discovered.length} route files, ${routeMethods} route methods × ` +
      `${SESSION_KINDS.length} kinds of session (${SESSION_KINDS.join(', ')}) = ${checked} calls checked, ` +
      `${refusedChecked} of them refused (401/403) with the database unchanged.`,
  );
});

const keyOf = (method: string, path: string) => `${method} ${path}`;

describe('the matrix covers every route handler', () => {
  it('finds the route handlers on disk', () => {
    expect(discovered.length).toBeGreaterThan(30);
    for (const route of discovered) expect(Object.keys(route.handlers).length).toBeGreaterThan(0);
  });

  it('has exactly one expectation for every route and method that exists, and none for any that does not', () => {
    const onDisk = discovered
      .flatMap((route) => Object.keys(route.handlers).map((method) => keyOf(method, route.path)))
      .sort();
    const inTable = Object.keys(MATRIX).sort();
    expect({ missingFromMatrix: onDisk.filter((k) => !inTable.includes(k)) }).toEqual({
      missingFromMatrix: [],
    });
    expect({ notOnDisk: inTable.filter((k) => !onDisk.includes(k)) }).toEqual({ notOnDisk: [] });
  });
});

function handlerFor(key: string): { route: DiscoveredRoute; method: string; handler: AnyRouteHandler } {
  const [method, path] = key.split(' ') as [string, string];
  const route = discovered.find((r) => r.path === path);
  const handler = route?.handlers[method as keyof DiscoveredRoute['handlers']];
  if (!route || !handler) throw new Error(`${key}: no such route handler on disk`);
  return { route, method, handler };
}

function allowed(access: Access, kind: SessionKind): boolean {
  const entitled = SESSIONS[kind];
  if (access === 'public') return true;
  if (access === 'key') return false; // no session is a key: the allowed call sends one (below)
  if (access === 'staff') return entitled !== 'none';
  return entitled === 'admin';
}

describe.each(Object.entries(MATRIX))('%s', (key, expectation) => {
  it(`is ${expectation.access}: ${
    expectation.access === 'public'
      ? 'anyone'
      : expectation.access === 'staff'
        ? 'signed-out callers 401, any staff member allowed'
        : expectation.access === 'key'
          ? 'every session 401, a caller with an API key allowed'
          : 'signed-out callers 401, staff who are not full admins 403'
  }`, async () => {
    const { route, method, handler } = handlerFor(key);
    const failures: string[] = [];
    for (const kind of SESSION_KINDS) {
      const session = expectation.ownAccount ? await newSession(kind) : (sessions.get(kind) ?? null);
      const parts = (await expectation.request?.(session)) ?? {};
      const path = fillPath(route.path, parts.params) + (parts.query ? `?${parts.query}` : '');
      const before = await snapshot();
      const res = await call(handler, {
        method,
        path,
        params: parts.params,
        body: parts.body,
        form: parts.form,
        cookie: [session?.cookie, parts.cookie].filter(Boolean).join('; ') || undefined,
        headers: parts.headers,
        ip: parts.ip,
      });
      checked += 1;
      const got = `${res.status} ${JSON.stringify(res.body)?.slice(0, 200)}`;
      // Issue 14 point 11: what a signed-in route answers in JSON or CSV is never stored by a cache.
      const type = res.headers.get('content-type') ?? '';
      const cacheControl = res.headers.get('cache-control');
      if (expectation.access !== 'public' && /json|csv/.test(type) && cacheControl !== 'no-store') {
        failures.push(`${kind}: expected Cache-Control: no-store, got ${cacheControl}`);
      }
      if (allowed(expectation.access, kind)) {
        if (res.status !== expectation.ok) failures.push(`${kind}: expected ${expectation.ok}, got ${got}`);
        continue;
      }
      refusedChecked += 1;
      const refusal =
        expectation.access === 'key'
          ? { status: 401, body: { message: API_KEY_TEXT } }
          : SESSIONS[kind] === 'none'
            ? { status: 401, body: { message: SIGN_IN_TEXT } }
            : { status: 403, body: { message: ADMIN_ONLY_TEXT } };
      if (res.status !== refusal.status || JSON.stringify(res.body) !== JSON.stringify(refusal.body)) {
        failures.push(`${kind}: expected ${refusal.status} ${JSON.stringify(refusal.body)}, got ${got}`);
      }
      const changes = snapshotChanges(before, await snapshot());
      if (changes.length) failures.push(`${kind}: refused, yet the database changed: ${changes.join('; ')}`);
    }
    if (expectation.access === 'key') {
      // Issue 34: the allowed call, with a live API key and no session.
      const parts = (await expectation.request?.(null)) ?? {};
      const res = await call(handler, {
        method,
        path: fillPath(route.path, parts.params),
        params: parts.params,
        body: parts.body,
        headers: { ...parts.headers, ...(await makeApiKey()).headers },
      });
      checked += 1;
      if (res.status !== expectation.ok) {
        failures.push(
          `with an API key: expected ${expectation.ok}, got ${res.status} ${JSON.stringify(res.body)}`,
        );
      }
      if (res.headers.get('cache-control') !== 'no-store') failures.push('with an API key: not no-store');
    }
    expect(failures).toEqual([]);
  });
});

describe('a session loses its rights when its account changes, not when its cookie expires', () => {
  const get = (handler: AnyRouteHandler, cookie: string) => call(handler, { cookie });

  it('a removed staff account: 401 at once on a staff route and an admin route', async () => {
    const account = await makeStaff();
    expect((await get(listClientsRoute, account.cookie)).status).toBe(200);
    await removeAccount(account.id);
    for (const handler of [listClientsRoute, userRoute, outstandingRoute]) {
      expect(await get(handler, account.cookie)).toMatchObject({
        status: 401,
        body: { message: SIGN_IN_TEXT },
      });
    }
  });

  it('a removed full admin: 401 at once on a staff route and an admin route', async () => {
    const account = await makeStaff({ isFullAdmin: true });
    expect((await get(outstandingRoute, account.cookie)).status).toBe(200);
    await removeAccount(account.id);
    for (const handler of [listClientsRoute, outstandingRoute]) {
      expect(await get(handler, account.cookie)).toMatchObject({
        status: 401,
        body: { message: SIGN_IN_TEXT },
      });
    }
  });

  it('a demoted full admin: 403 at once on admin routes (reading and writing), staff routes still allowed', async () => {
    const account = await makeStaff({ isFullAdmin: true });
    const referral = await fixtureReferral('pending');
    expect((await get(outstandingRoute, account.cookie)).status).toBe(200);
    expect((await get(userRoute, account.cookie)).body).toEqual({
      email: account.email,
      permissions: { isFullAdmin: true },
    });
    await setAdmin(account.id, false);

    expect(await get(outstandingRoute, account.cookie)).toMatchObject({
      status: 403,
      body: { message: ADMIN_ONLY_TEXT },
    });
    const before = await snapshot();
    const del = await call(deleteReferralRoute, {
      method: 'DELETE',
      path: `/api/referrals/${referral.id}`,
      params: { id: referral.id },
      cookie: account.cookie,
    });
    expect(del).toMatchObject({ status: 403, body: { message: ADMIN_ONLY_TEXT } });
    const patch = await call(patchSettingsRoute, {
      method: 'PATCH',
      path: '/api/settings',
      body: { referralRewardAmount: 999 },
      cookie: account.cookie,
    });
    expect(patch).toMatchObject({ status: 403, body: { message: ADMIN_ONLY_TEXT } });
    expect(snapshotChanges(before, await snapshot())).toEqual([]);

    expect((await get(listClientsRoute, account.cookie)).status).toBe(200);
    expect((await get(userRoute, account.cookie)).body).toEqual({
      email: account.email,
      permissions: { isFullAdmin: false },
    });
  });

  it('a promoted staff member: admin routes allowed at once, with the same cookie', async () => {
    const account = await makeStaff();
    expect((await get(outstandingRoute, account.cookie)).status).toBe(403);
    await setAdmin(account.id, true);
    expect((await get(outstandingRoute, account.cookie)).status).toBe(200);
  });
});
