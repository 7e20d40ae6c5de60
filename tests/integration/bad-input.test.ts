/**
 * Issue 8, part 2: the bad-input corpus.
 *
 * Every route that takes a body, a path or a query is sent, one change at a time from a valid request: missing
 * fields, wrong types, empty and whitespace strings, 1 MB strings, emoji and right-to-left names, HTML and
 * script strings, SQL-looking strings, a NUL character, negative, zero, NaN, infinite and huge amounts, dates
 * out of range, invalid JSON, the wrong content type and unknown ids.
 *
 * A refused input must get a 4xx JSON answer `{ message }` with a clear message (never a 500, never the
 * generic server-error text) and leave the database exactly as it was: the row count of every table
 * (tests/support/row-counts.ts), and a digest of every row, so an update in place is caught too.
 *
 * Some inputs are legitimately accepted, and the corpus says which, field by field (KINDS below). An emoji,
 * right-to-left, HTML-looking or SQL-looking name is a name someone may type: it is stored exactly as typed
 * (names title-cased, as the spec asks for every name; other text only trimmed) and answered as a JSON
 * string. That those names show as text on the pages is left to an end-to-end test; the strings are in
 * `STRINGS` below. A name or text with a bidi override or isolate, a zero-width or other invisible character
 * or a control character is refused (issue 28, point 11): `INVISIBLE` below, tried on every such field.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import {
  DELETE as removePasskeyRoute,
  PATCH as renamePasskeyRoute,
} from '@/app/api/account/passkeys/[id]/route';
import { POST as addPasskeyRoute } from '@/app/api/account/passkeys/route';
import { DELETE as endSessionRoute } from '@/app/api/account/sessions/[id]/route';
import { POST as stepUpRoute } from '@/app/api/account/step-up/route';
import { POST as passkeyStepUpRoute } from '@/app/api/account/step-up/passkey/route';
import { POST as confirmTotpRoute } from '@/app/api/account/totp/verify/route';
import { GET as accountAuditRoute } from '@/app/api/admin/account-audit/route';
import { GET as backupsRoute } from '@/app/api/admin/backups/route';
import { POST as approveBankDetailsRoute } from '@/app/api/admin/clients/[id]/bank-details/approve/route';
import { GET as pendingBankChangeRoute } from '@/app/api/admin/clients/[id]/bank-details/pending/route';
import { PATCH as patchClientRoute } from '@/app/api/admin/clients/[id]/route';
import { POST as createClientRoute } from '@/app/api/admin/clients/route';
import { POST as brandedLinkRoute } from '@/app/api/admin/create-branded-link/route';
import { GET as clinicSignInsRoute } from '@/app/api/admin/sign-ins/route';
import { POST as resendInviteRoute } from '@/app/api/admin/invites/[id]/resend/route';
import { DELETE as revokeInviteRoute } from '@/app/api/admin/invites/[id]/route';
import { DELETE as removeUserRoute, PATCH as patchUserRoute } from '@/app/api/admin/users/[id]/route';
import { DELETE as signOutEverywhereRoute } from '@/app/api/admin/users/[id]/sessions/route';
import { POST as unlockUserRoute } from '@/app/api/admin/users/[id]/unlock/route';
import { POST as createUserRoute } from '@/app/api/admin/users/route';
import { GET as cardRoute } from '@/app/api/card/[cardToken]/route';
import { POST as cancelImportRoute } from '@/app/api/imports/[id]/cancel/route';
import { POST as confirmMatchRoute } from '@/app/api/practice-matches/[id]/confirm/route';
import { GET as dentallyRoute, PUT as saveDentallyRoute } from '@/app/api/integrations/dentally/route';
import { POST as rejectMatchRoute } from '@/app/api/practice-matches/[id]/reject/route';
import { GET as listMatchesRoute } from '@/app/api/practice-matches/route';
import { POST as sendImportCardsRoute } from '@/app/api/imports/[id]/send-cards/route';
import { POST as startImportRoute } from '@/app/api/imports/[id]/start/route';
import { DELETE as revokeApiKeyRoute } from '@/app/api/admin/api-keys/[id]/route';
import { POST as createApiKeyRoute } from '@/app/api/admin/api-keys/route';
import { POST as practiceEventsRoute } from '@/app/api/integrations/practice-events/route';
import { POST as undoImportRoute } from '@/app/api/imports/[id]/undo/route';
import { POST as uploadImportRoute } from '@/app/api/imports/clients/route';
import { POST as uploadPracticeRoute } from '@/app/api/practice-records/upload/route';
import { GET as importErrorsCsvRoute } from '@/app/api/imports/[id]/errors.csv/route';
import { PUT as remapImportRoute } from '@/app/api/imports/[id]/mapping/route';
import { GET as oneImportRoute } from '@/app/api/imports/[id]/route';
import { GET as listImportsRoute } from '@/app/api/imports/route';
import { POST as changePasswordRoute } from '@/app/api/change-password/route';
import { DELETE as deleteClientRoute, GET as oneClientRoute } from '@/app/api/clients/[id]/route';
import { GET as listClientsRoute } from '@/app/api/clients/route';
import { POST as acceptInviteRoute } from '@/app/api/invites/[token]/route';
import { GET as listLeadsRoute, POST as leadsRoute } from '@/app/api/leads/route';
import { POST as passkeyLoginRoute } from '@/app/api/login/passkey/route';
import { POST as loginRoute } from '@/app/api/login/route';
import { POST as secondFactorLoginRoute } from '@/app/api/login/second-factor/route';
import { POST as resetPasswordRoute } from '@/app/api/password-reset/[token]/route';
import { POST as requestResetRoute } from '@/app/api/password-reset/route';
import { GET as auditRoute } from '@/app/api/payments/audit/route';
import { GET as outstandingRoute } from '@/app/api/payments/outstanding/route';
import { POST as payAllRoute } from '@/app/api/payments/pay-all/route';
import { GET as reportCsvRoute } from '@/app/api/payments/report.csv/route';
import { GET as reportRoute } from '@/app/api/payments/report/route';
import { GET as insightsRoute } from '@/app/api/insights/route';
import { DELETE as undoPaymentRoute, POST as markPaidRoute } from '@/app/api/referrals/[id]/payment/route';
import { DELETE as deleteReferralRoute, PATCH as patchReferralRoute } from '@/app/api/referrals/[id]/route';
import { PATCH as patchLeadRoute } from '@/app/api/leads/[id]/route';
import { GET as listReferralsRoute, POST as createReferralRoute } from '@/app/api/referrals/route';
import { GET as settingsRoute, PATCH as patchSettingsRoute } from '@/app/api/settings/route';
import { GET as memberQrRoute } from '@/app/api/team-members/[id]/qr/route';
import { GET as memberPrintRoute } from '@/app/api/team-members/[id]/print/route';
import { DELETE as deleteMemberRoute } from '@/app/api/team-members/[id]/route';
import { POST as createMemberRoute } from '@/app/api/team-members/route';
import { DELETE as undoBonusRoute, POST as payBonusRoute } from '@/app/api/team-reviews/[id]/payment/route';
import { POST as teamPayAllRoute } from '@/app/api/team-reviews/pay-all/route';
import { GET as teamMonthRoute, POST as createReviewRoute } from '@/app/api/team-reviews/route';
import { POST as undoBulkRoute } from '@/app/api/team-reviews/undo-bulk/route';
import { POST as approveRoute } from '@/app/api/team-scans/[id]/approve/route';
import { POST as rejectRoute } from '@/app/api/team-scans/[id]/reject/route';
import { POST as trackPlatformRoute } from '@/app/api/track-review-platform/route';
import { POST as trackScanRoute } from '@/app/api/track-scan/route';
import { POST as unsubscribeRoute } from '@/app/api/unsubscribe/[token]/route';
import { GET as passRoute } from '@/app/api/users/card/[cardNumber]/pass/route';
import { GET as cardQrRoute } from '@/app/api/users/card/[cardNumber]/qr/route';
import { GET as cardholderRoute } from '@/app/api/users/card/[cardNumber]/route';
import { generate } from 'otplib';
import { hashPassword, verifyPassword } from '@/lib/auth/password';
import { decrypt, encrypt } from '@/lib/crypto';
import { db } from '@/lib/db';
import { encryptionKey } from '@/lib/env';
import { hashOfToken } from '@/lib/services/account/password-reset';
import { inviteTokenHash } from '@/lib/services/account/invites';
import { makeRecoveryCodes } from '@/lib/services/account/recovery-codes';
import { accountLimitKey } from '@/lib/services/login';
import { titleCaseName } from '@/lib/names';
import { STATUS_TEXT } from '@/lib/dto/referrals';
import { ukDateString } from '@/lib/uk-time';
import { setUpTestDatabase } from '../support/db';
import { dentallyHeld } from '../support/dentally';
import {
  fixtureClient,
  fixtureLead,
  fixtureMember,
  fixtureReferral,
  fixtureReview,
  fixtureScan,
  UNKNOWN_ID,
  uniqueEmail,
  uniqueIp,
  uniqueSession,
} from '../support/fixtures';
import { call, makeStaff, type CallResult, type TestStaff } from '../support/http';
import { add as addImportRow, fixtureImport, patient } from '../support/imports';
import { makeApiKey, practiceEvent } from '../support/api-keys';
import { snapshot, snapshotChanges } from '../support/row-counts';
import { fillPath, type AnyRouteHandler } from '../support/routes';
import {
  cookiesSet,
  passkeyIdFor,
  passkeySignInRequest,
  registrationRequest,
  stepUpRequest,
  withCookies,
} from '../support/webauthn';

setUpTestDatabase();

jest.setTimeout(300_000);

const SERVER_ERROR_TEXT = 'Something went wrong on our side. Please try again.';

// ---------- the values ----------

/** A field left out of the body altogether. */
const MISSING = Symbol('missing');
/** JSON text that JSON.stringify cannot write (1e999 parses to Infinity; NaN is not JSON at all). */
const raw = (text: string) => ({ raw: text });
type Raw = ReturnType<typeof raw>;
const isRaw = (v: unknown): v is Raw => typeof v === 'object' && v !== null && 'raw' in v;

const MEGABYTE = 1024 * 1024;

/**
 * The strings every text field is tried with. The names among them (html, sql, sqlOr, emoji, rtl) are the ones
 * an end-to-end test should look for on the pages, shown as text.
 */
const STRINGS = {
  empty: '',
  blank: ' \t \n ',
  long: 'x'.repeat(2_000),
  megabyte: 'x'.repeat(MEGABYTE),
  html: '<script>alert("xss")</script><img src=x onerror=alert(1)>',
  sql: "Robert'); DROP TABLE clients;--",
  sqlOr: "' OR '1'='1",
  emoji: 'Zoë 😀🦷',
  // Right-to-left letters are a name; a right-to-left override is not (issue 28, point 11: INVISIBLE).
  rtl: 'مريم אביגיל',
  nul: 'Amy\u0000Pond',
} as const;

/** Every field gets these ... */
const GENERIC: Record<string, unknown> = {
  missing: MISSING,
  null: null,
  number: 42,
  boolean: true,
  array: ['x'],
  object: { x: 1 },
  ...STRINGS,
};

/** ... and numeric fields these as well. */
const NUMERIC: Record<string, unknown> = {
  negative: -5,
  zero: 0,
  fraction: 12.345,
  numericString: '200',
  nanString: 'NaN',
  huge: 1e308,
  unsafeInteger: 2 ** 53 + 1,
  infinity: raw('1e999'),
  nanLiteral: raw('NaN'),
};

const TYPED_TEXT = ['html', 'sql', 'sqlOr', 'emoji', 'rtl'] as const;

/**
 * Characters that only hide or disguise text (issue 28, point 11), inside a name: refused (400) by every field
 * that takes a person's name or text that reaches emails and exports.
 */
const INVISIBLE = {
  rightToLeftOverride: 'Amy \u202Etxt.exe',
  leftToRightIsolate: 'Amy\u2066Pond',
  popIsolate: 'Amy\u2069Pond',
  zeroWidthSpace: 'Am\u200By',
  zeroWidthJoiner: 'Am\u200Dy',
  rightToLeftMark: 'Amy\u200FPond',
  byteOrderMark: 'Am\uFEFFy',
  escape: 'Amy\u001B[2JPond',
  c1Control: 'Amy\u009BPond',
  lineSeparator: 'Amy\u2028Pond',
  paragraphSeparator: 'Amy\u2029Pond',
};
const isTypedText = (key: string) => (TYPED_TEXT as readonly string[]).includes(key);

const tomorrow = ukDateString(new Date(Date.now() + 36 * 3_600_000));
const today = () => ukDateString(new Date());

// ---------- what each kind of field accepts ----------

/** The answer a value should get: refused with one of these 4xx statuses, or accepted and stored so. */
type Outcome = { refuse: number[] } | { accept: true; stored: unknown };
const refuse = (...statuses: number[]): Outcome => ({ refuse: statuses.length ? statuses : [400] });
const accept = (stored: unknown): Outcome => ({ accept: true, stored });

interface Kind {
  numeric?: boolean;
  /** Values beyond GENERIC (and NUMERIC) that this kind of field is tried with. */
  extras?: Record<string, unknown>;
  /** Anything not decided here is refused with 400. */
  decide?: (key: string, value: unknown, field: FieldSpec) => Outcome | undefined;
}

interface FieldSpec {
  kind: keyof typeof KINDS;
  /** What is stored when the field is left out (an optional field). */
  missing?: unknown;
}

const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : v);

const KINDS = {
  /** A person's name: any text of 1 to 100 characters after trimming, stored title-cased (spec section 5). */
  name: {
    extras: {
      justTooLong: 'x'.repeat(101),
      longest: 'a'.repeat(100),
      spacesInside: '  mary   JANE  ',
      ...INVISIBLE,
    },
    decide: (key, value) =>
      isTypedText(key) || key === 'longest' || key === 'spacesInside'
        ? accept(titleCaseName(value as string))
        : undefined,
  },
  /** A name only looked up (the branded link): odd names are valid, and simply name no client (404). */
  lookupName: { extras: INVISIBLE, decide: (key) => (isTypedText(key) ? refuse(404) : undefined) },
  /** Issue 33: a previewed import's new mapping (required): only known fields naming the file's headers. */
  remapMapping: {
    extras: {
      unknownField: { colour: 'Email address' },
      unknownHeader: { email: 'No such column' },
      blankHeader: { email: ' ' },
      noEmail: { email: null },
    },
  },
  /** An email address: none of the odd strings is one. Stored trimmed and lower-cased. */
  email: {
    extras: {
      noDomain: 'jane@',
      twoAts: 'jane@@example.com',
      spaceInside: 'jane doe@example.com',
      scriptDomain: 'jane@<script>.com',
      sqlLocal: "jane'--@example.com' OR 1=1",
      mixedCase: '  Jane.DOE@Example.COM ',
    },
    decide: (key, value) =>
      key === 'mixedCase' ? accept((value as string).trim().toLowerCase()) : undefined,
  },
  /** Optional free text (affiliate company): any text up to 200 characters, stored trimmed; blank is none. */
  text: {
    extras: INVISIBLE,
    decide: (key, value, field) => {
      if (key === 'missing') return accept(field.missing ?? null);
      if (key === 'null' || key === 'empty' || key === 'blank') return accept(null);
      if (isTypedText(key)) return accept(trimmed(value));
      return undefined;
    },
  },
  /** 'Recommended by' on the public form: optional, title-cased; blank is none. */
  recommendedBy: {
    extras: INVISIBLE,
    decide: (key, value) => {
      if (key === 'missing' || key === 'null' || key === 'empty' || key === 'blank') return accept(null);
      if (isTypedText(key)) return accept(titleCaseName(value as string));
      return undefined;
    },
  },
  /** The public form's phone: required, and none of the odd strings is a phone number. */
  phone: {
    extras: {
      letters: 'call me maybe',
      tooShort: '+44 123',
      tooLong: '+44 1234567890123456',
      plusOnly: '+',
      national: '07123 456789',
    },
    decide: (key) => (key === 'national' ? accept('+447123456789') : undefined),
  },
  /** Manual entry's phone: optional (blank is none), else a valid number. */
  optionalPhone: {
    extras: { letters: 'call me maybe', tooShort: '+44 123' },
    decide: (key) =>
      key === 'missing' || key === 'null' || key === 'empty' || key === 'blank' ? accept(null) : undefined,
  },
  /** A required choice from a fixed list (treatment interest, platform, referral status). */
  choice: { extras: { wrongCase: 'GOOGLE', padded: ' google ' } },
  /** A choice with a default when left out. */
  choiceWithDefault: {
    decide: (key, _value, field) => (key === 'missing' ? accept(field.missing) : undefined),
  },
  /** The public form's referrer: a card number; an unknown one still records the lead, without a referrer. */
  leadReferrer: {
    extras: { unknownCard: 'SC-AAAA-BBBB-CCCC', unknownId: UNKNOWN_ID },
    decide: (key) =>
      key === 'missing' ||
      key === 'null' ||
      key === 'empty' ||
      key === 'blank' ||
      key === 'unknownCard' ||
      key === 'unknownId' ||
      isTypedText(key)
        ? accept(null)
        : undefined,
  },
  /** Manual entry's referrer: required, and it must exist (404). */
  manualReferrer: {
    extras: { unknownCard: 'SC-AAAA-BBBB-CCCC', unknownId: UNKNOWN_ID },
    decide: (key) =>
      key === 'unknownCard' || key === 'unknownId' || isTypedText(key) ? refuse(404) : undefined,
  },
  /** POST /api/referrals' referrerId: a client id or card number; anything else names no client (404). */
  referrerRef: {
    extras: { unknownId: UNKNOWN_ID },
    decide: (key) => (key === 'unknownId' || isTypedText(key) ? refuse(404) : undefined),
  },
  /** A required id: refused unless it is a uuid; a uuid that names nothing is 404. */
  id: {
    extras: {
      unknownId: UNKNOWN_ID,
      upperCaseUnknown: UNKNOWN_ID.toUpperCase(),
      sqlId: `${UNKNOWN_ID}' OR '1'='1`,
    },
    decide: (key) => (key === 'unknownId' || key === 'upperCaseUnknown' ? refuse(404) : undefined),
  },
  optionalId: { decide: (key) => (key === 'missing' ? accept(undefined) : undefined) },
  /**
   * Issue 33: an import's column mapping ({ field: header }); left out, the preview's stays. None of the odd
   * values is a mapping, nor is a field it does not know or a header the file does not have.
   */
  importMapping: {
    extras: {
      unknownField: { colour: 'Email address' },
      unknownHeader: { email: 'No such column' },
      blankHeader: { email: ' ' },
    },
    decide: (key) => (key === 'missing' ? accept(undefined) : undefined),
  },
  /** Issue 33: card emails an hour, a whole number from 1 to 5,000; left out: unchanged. */
  hourlyRate: {
    numeric: true,
    extras: { one: 1, most: 5_000, tooMany: 5_001 },
    decide: (key, value, field) => {
      if (key === 'missing') return accept(field.missing);
      return key === 'number' || key === 'one' || key === 'most' ? accept(value) : undefined;
    },
  },
  /**
   * The held bank-details change an approval names (issue 28): a uuid; one that is not the change on hold is
   * 409 (nothing approved).
   */
  heldChangeId: {
    extras: { unknownId: UNKNOWN_ID, upperCaseUnknown: UNKNOWN_ID.toUpperCase() },
    decide: (key) => (key === 'unknownId' || key === 'upperCaseUnknown' ? refuse(409) : undefined),
  },
  /** Sign-in: any username is looked up, so odd ones are simply wrong (401). */
  username: { decide: (key) => (isTypedText(key) ? refuse(401) : undefined) },
  password: {
    decide: (key) => (isTypedText(key) || key === 'blank' || key === 'nul' ? refuse(401, 400) : undefined),
  },
  /**
   * A new password: any text of 8 to 256 characters (hashed, so odd characters are fine). Characters, not
   * UTF-16 units: the emoji name is 6 characters long, so it is too short.
   */
  newPassword: {
    extras: {
      sevenCharacters: 'Abc-123',
      justTooLong: 'p'.repeat(257),
      longest: 'p'.repeat(256),
      emojiPassphrase: '🦷🦷🦷 brush twice 😀',
    },
    decide: (key, value) =>
      (isTypedText(key) || key === 'longest' || key === 'emojiPassphrase') && [...String(value)].length >= 8
        ? accept(value)
        : undefined,
  },
  /** Change password's current password: a wrong one is 400 'Current password is incorrect'. */
  currentPassword: {},
  /** Change password's email: it must be the signed-in account's own (403 otherwise). */
  ownEmail: { decide: (key) => (isTypedText(key) ? refuse(403) : undefined) },
  /** true or false, nothing else ('true', 1 and null are refused). */
  boolean: {
    extras: { falseValue: false, trueText: 'true', one: 1 },
    decide: (key, value) => (key === 'boolean' || key === 'falseValue' ? accept(value) : undefined),
  },
  /** An optional true/false, with a default (or no change) when left out. */
  optionalBoolean: {
    extras: { falseValue: false, trueText: 'true', one: 1 },
    decide: (key, value, field) => {
      if (key === 'missing') return accept(field.missing);
      return key === 'boolean' || key === 'falseValue' ? accept(value) : undefined;
    },
  },
  /** Issue 31: `invite: true` asks for an invitation; anything else (false too) leaves a password needed. */
  inviteFlag: { decide: (key, value) => (key === 'boolean' ? accept(value) : undefined) },
  /** A reward in pounds and pence (Story Started): more than £0, at most £5,000, whole pence; null: the promise. */
  rewardAmount: {
    numeric: true,
    extras: { pence: 12.34, most: 5_000, overMost: 5_000.01, lessThanAPenny: 0.001 },
    decide: (key, value, field) => {
      if (key === 'missing' || key === 'null') return accept(field.missing);
      if (key === 'number' || key === 'pence' || key === 'most') return accept(value);
      return undefined;
    },
  },
  /** A settings amount: whole pounds, £1 to £5,000; left out: unchanged. */
  wholePounds: {
    numeric: true,
    extras: { halfPound: 12.5, most: 5_000, overMost: 5_001 },
    decide: (key, value, field) => {
      if (key === 'missing') return accept(field.missing);
      if (key === 'number' || key === 'most') return accept(value);
      return undefined;
    },
  },
  /** A settings link: http(s) only (no script can hide in one); blank or null is none; left out: unchanged. */
  link: {
    extras: {
      javascript: 'javascript:alert(1)',
      dataUrl: 'data:text/html,<script>alert(1)</script>',
      localhost: 'https://localhost/review',
      ftp: 'ftp://example.com/review',
    },
    decide: (key, _value, field) => {
      if (key === 'missing') return accept(field.missing);
      if (key === 'null' || key === 'empty' || key === 'blank') return accept(null);
      return undefined;
    },
  },
  /**
   * The offer's headline or share invitation (issue 29): text a patient reads, required, trimmed, at most 80 or
   * 160 characters, no invisible character; left out: unchanged.
   */
  offerLine: {
    extras: { justTooLong: 'x'.repeat(161), ...INVISIBLE },
    decide: (key, value, field) => {
      if (key === 'missing') return accept(field.missing);
      return isTypedText(key) ? accept(trimmed(value)) : undefined;
    },
  },
  /** The offer's details or terms (issue 29): as offerLine, but blank is none ('') and line breaks are kept. */
  offerParagraph: {
    extras: { justTooLong: 'x'.repeat(1_501), lines: ' Line one\nLine two ', ...INVISIBLE },
    decide: (key, value, field) => {
      if (key === 'missing') return accept(field.missing);
      if (key === 'empty' || key === 'blank') return accept('');
      return isTypedText(key) || key === 'lines' ? accept(trimmed(value)) : undefined;
    },
  },
  /** What a referrer earns (issue 29): the clinic's words with {amount} exactly once, so they follow the amount. */
  rewardWording: {
    extras: {
      withAmount: ' a {amount} voucher ',
      twice: '{amount} now, {amount} later',
      noAmount: '£200 cash',
    },
    decide: (key, _value, field) => {
      if (key === 'missing') return accept(field.missing);
      return key === 'withAmount' ? accept('a {amount} voucher') : undefined;
    },
  },
  /** The form's treatments (issue 29): 1 to 12 labels, each 1 to 60 characters, trimmed, unique in any case. */
  treatmentList: {
    extras: {
      none: [],
      thirteen: Array.from({ length: 13 }, (_, i) => `Treatment ${i + 1}`),
      twins: ['Whitening', ' whitening '],
      withBlank: ['Whitening', ' '],
      tooLong: ['x'.repeat(61)],
      notText: [42],
      hidden: ['Implants\u202E'],
      ownList: [' Invisalign ', 'Whitening'],
    },
    decide: (key, value, field) => {
      if (key === 'missing') return accept(field.missing);
      if (key === 'array') return accept(value);
      return key === 'ownList' ? accept(['Invisalign', 'Whitening']) : undefined;
    },
  },
  sortCode: { extras: { undashed: '123456', short: '12-34-5', letters: 'ab-cd-ef' } },
  accountNumber: { extras: { seven: '1234567', nine: '123456789', letter: '1234567a' } },
  /** The account holder's name with new bank details: required, any text of 1 to 60 characters, stored trimmed. */
  accountName: {
    extras: { justTooLong: 'x'.repeat(61), longest: 'a'.repeat(60), bell: 'Jane\u0007Smith', ...INVISIBLE },
    decide: (key, value) => (isTypedText(key) || key === 'longest' ? accept(trimmed(value)) : undefined),
  },
  year: {
    numeric: true,
    extras: { beforeReports: 2023, farFuture: 9999, negativeYear: -2025, half: 2024.5 },
  },
  /** The team bonus months reach back to the clinic's first day (2000), issue 18. */
  teamYear: {
    numeric: true,
    extras: { beforeFirstDay: 1999, farFuture: 9999, negativeYear: -2025, half: 2024.5 },
  },
  month: { numeric: true, extras: { thirteen: 13, half: 1.5, monthName: 'July' } },
  /** A review date, YYYY-MM-DD, a real day from 2000 to today (UK). */
  reviewDate: {
    extras: {
      february30: '2024-02-30',
      lastCentury: '1999-12-31',
      year9999: '9999-12-31',
      tomorrow,
      ukFormat: '31/01/2024',
      withTime: '2024-01-01T00:00:00Z',
      expandedYear: '+275760-09-13',
      zeros: '0000-00-00',
      unpadded: '2024-1-5',
      leapDay: '2024-02-29',
    },
    decide: (key, value, field) => {
      if (key === 'leapDay') return accept(value);
      if (key === 'missing' && field.missing !== undefined) return accept(field.missing);
      return undefined;
    },
  },
  /**
   * A review's link (issue 18): an https address on Google's or Trustpilot's own domains; every other value is
   * refused (400) with what is wrong. (Accepted links are each the prepared body's own: one review, one bonus.)
   */
  reviewUrl: {
    extras: {
      http: 'http://g.page/r/bad-input/review',
      otherSite: 'https://www.yelp.co.uk/biz/the-clinic',
      lookalike: 'https://google.com.evil.example/maps/review',
      credentials: 'https://user:pw@g.page/r/bad-input/review',
      scheme: 'javascript:alert(1)',
      dataUrl: 'data:text/html,<script>alert(1)</script>',
      tooLong: `https://g.page/r/${'a'.repeat(2_000)}`,
    },
  },
  /** The platform beside a review link: optional; when sent it must be the link's own (a Google link here). */
  linkPlatform: {
    extras: { matching: 'google', otherPlatform: 'trustpilot', wrongCase: 'GOOGLE' },
    decide: (key, _value, field) => {
      if (key === 'missing') return accept(field.missing);
      if (key === 'matching') return accept('google');
      return undefined;
    },
  },
  /** A reviewer's name: any text of 1 to 100 characters, stored trimmed as typed (not title-cased). */
  reviewerName: {
    extras: { justTooLong: 'x'.repeat(101), ...INVISIBLE },
    decide: (key, value) => (isTypedText(key) ? accept(trimmed(value)) : undefined),
  },
  /** The review page's member: an id or TM- code; anything else names no member (404). */
  memberRef: {
    extras: { unknownCode: 'TM-AAAA-BBBB-CCCC-DDDD', lowerUnknownCode: 'tm-aaaa-bbbb-cccc-dddd' },
    decide: (key) =>
      isTypedText(key) || key === 'unknownCode' || key === 'lowerUnknownCode' ? refuse(404) : undefined,
  },
  /** The browser's own session id: any text of 1 to 100 characters, stored trimmed. */
  sessionId: {
    extras: { justTooLong: 's'.repeat(101) },
    decide: (key, value) => (isTypedText(key) ? accept(trimmed(value)) : undefined),
  },
  /** The browser's user agent: optional text up to 1000 characters, stored as sent. */
  userAgent: {
    decide: (key, value) => {
      if (key === 'missing' || key === 'null') return accept(null);
      if (key === 'empty' || key === 'blank' || isTypedText(key)) return accept(value);
      return undefined;
    },
  },
  reviewIds: {
    extras: {
      emptyList: [],
      notIds: ['not-an-id'],
      mixed: [UNKNOWN_ID, 42],
      tooMany: Array.from({ length: 501 }, () => UNKNOWN_ID),
      unknownIds: [UNKNOWN_ID],
    },
    decide: (key) => (key === 'unknownIds' ? refuse(409) : undefined),
  },
  /**
   * Issue 31: a passkey's name, 1 to 60 characters, stored trimmed; when adding one, left out, null or blank
   * names it after the browser ('Passkey' here, where no browser is named).
   */
  passkeyName: {
    extras: { justTooLong: 'x'.repeat(61), longest: 'a'.repeat(60), ...INVISIBLE },
    decide: (key, value) => {
      if (key === 'missing' || key === 'null' || key === 'empty' || key === 'blank') return accept('Passkey');
      return isTypedText(key) || key === 'longest' ? accept(trimmed(value)) : undefined;
    },
  },
  /** Issue 34: an API key's name: 1 to 80 characters, stored trimmed as typed (not title-cased). */
  apiKeyName: {
    extras: { justTooLong: 'x'.repeat(81), longest: 'a'.repeat(80), ...INVISIBLE },
    decide: (key, value) => (isTypedText(key) || key === 'longest' ? accept(trimmed(value)) : undefined),
  },
  /**
   * Issue 34: the integration API's `events`: an array of 1 to 500 (more: 413). Its entries are checked one by
   * one, so an array of anything is taken (202, a bad entry answered in `rejected`).
   */
  practiceEvents: {
    extras: {
      none: [],
      oneGood: [practiceEvent()],
      tooMany: Array.from({ length: 501 }, () => practiceEvent()),
    },
    decide: (key) => {
      if (key === 'array' || key === 'oneGood') return accept(undefined);
      return key === 'tooMany' ? refuse(413) : undefined;
    },
  },
  /**
   * Issue 34: Dentally's API token (required): 8 to 500 printable characters with no space, stored trimmed
   * (and encrypted: the corpus reads it back decrypted). Never answered.
   */
  dentallyToken: {
    extras: {
      typical: 'AbC123-_.~xyz',
      padded: '  AbC123xyz  ',
      longest: 'a'.repeat(500),
      justTooLong: 'a'.repeat(501),
      tooShort: 'abc1234',
      ...INVISIBLE,
    },
    decide: (key, value) =>
      key === 'typical' || key === 'padded' || key === 'longest' ? accept(trimmed(value)) : undefined,
  },
  /** Issue 34: a Dentally site id (optional): letters, digits, - and _, at most 100; blank or null is none. */
  dentallySite: {
    extras: { typical: 'site-1a2B_3', longest: 'a'.repeat(100), justTooLong: 'a'.repeat(101), ...INVISIBLE },
    decide: (key, value) => {
      if (key === 'missing' || key === 'null' || key === 'empty' || key === 'blank') return accept(null);
      return key === 'typical' || key === 'longest' ? accept(value) : undefined;
    },
  },
  /** Renaming a passkey: as passkeyName, but required. */
  requiredPasskeyName: {
    extras: { justTooLong: 'x'.repeat(61), longest: 'a'.repeat(60), ...INVISIBLE },
    decide: (key, value) => (isTypedText(key) || key === 'longest' ? accept(trimmed(value)) : undefined),
  },
  /**
   * Issue 31: the browser's WebAuthn answer: an object of bounded base64url strings (400 otherwise). One that
   * has the shape but was never signed by a passkey ('forged') is refused by the checks behind it: 400 when
   * adding one or stepping up, 401 when signing in.
   */
  webauthnResponse: {
    extras: {
      noId: {
        rawId: 'YWJj',
        type: 'public-key',
        response: { clientDataJSON: 'YWJj', attestationObject: 'YWJj' },
      },
      notBase64: { id: 'a b!', rawId: 'a b!', type: 'public-key', response: { clientDataJSON: 'YWJj' } },
      hugeId: { id: 'A'.repeat(2_000), rawId: 'A'.repeat(2_000), type: 'public-key', response: {} },
      otherType: { id: 'YWJj', rawId: 'YWJj', type: 'password', response: { clientDataJSON: 'YWJj' } },
      responseText: { id: 'YWJj', rawId: 'YWJj', type: 'public-key', response: 'signed' },
      forged: {
        id: 'YWJj',
        rawId: 'YWJj',
        type: 'public-key',
        response: {
          clientDataJSON: 'YWJj',
          attestationObject: 'YWJj',
          authenticatorData: 'YWJj',
          signature: 'YWJj',
        },
        clientExtensionResults: {},
      },
    },
    decide: (key) => (key === 'forged' ? refuse(400, 401) : undefined),
  },
  /**
   * Issue 31: a code from the authenticator app: 6 digits (spaces removed). None of the odd strings is one; a
   * well-formed wrong code is refused as wrong (401 at the second step of signing in, 400 elsewhere).
   */
  totpCode: {
    extras: {
      wrongCode: '000000',
      spacedWrong: '000 000',
      fiveDigits: '12345',
      sevenDigits: '1234567',
      letters: '12345a',
    },
    decide: (key) => (key === 'wrongCode' || key === 'spacedWrong' ? refuse(400, 401) : undefined),
  },
  /** Issue 31: a recovery code: 10 letters and digits with any spaces or dashes; a wrong one is refused as wrong. */
  recoveryCode: {
    extras: {
      wrongCode: 'abcde-fghjk',
      upperWrong: 'ABCDE FGHJK',
      nineCharacters: 'abcde-fghj',
      elevenCharacters: 'abcde-fghjkm',
      punctuation: 'abcde!fghjk',
    },
    decide: (key) => (key === 'wrongCode' || key === 'upperWrong' ? refuse(400, 401) : undefined),
  },
} satisfies Record<string, Kind>;

function outcomeFor(field: FieldSpec, key: string, value: unknown): Outcome {
  // Every body is at most 32 KB: a 1 MB string is refused before the body is parsed.
  if (key === 'megabyte') return refuse(413);
  const kind: Kind = KINDS[field.kind];
  return kind.decide?.(key, value, field) ?? refuse(400);
}

function valuesFor(field: FieldSpec): [string, unknown][] {
  const kind: Kind = KINDS[field.kind];
  return Object.entries({ ...GENERIC, ...(kind.numeric ? NUMERIC : {}), ...(kind.extras ?? {}) });
}

// ---------- the requests ----------

interface Prepared {
  body: Record<string, unknown>;
  params?: Record<string, string>;
  ip?: string;
  cookie?: string;
  /** Issue 34: the integration API's key (Authorization). */
  headers?: Record<string, string>;
}

interface BodyRoute {
  label: string;
  handler: AnyRouteHandler;
  method: 'POST' | 'PATCH' | 'PUT';
  /** The address, with dynamic segments as in the folder names. */
  path: string;
  /** The status of an accepted request. */
  ok: number;
  /** Unknown fields are refused (strict schemas), rather than ignored. */
  strict: boolean;
  /** Every field is optional, so `{}` is a valid request and not among the malformed bodies. */
  emptyIsValid?: boolean;
  fields: Record<string, FieldSpec>;
  /** A valid request, made fresh for each case (each accepted case gets its own rows to act on). */
  prepare: () => Promise<Prepared>;
  /** After an accepted case: the values stored for the fields, as the corpus compares them. */
  read?: (res: CallResult, body: Record<string, unknown>) => Promise<Record<string, unknown>>;
  /** After any answer (the password routes keep their account's password and cookie current). */
  after?: (res: CallResult, body: Record<string, unknown>) => void;
}

let staff: TestStaff;
let admin: TestStaff;
/** The account whose own password the change-password cases change, kept current as they do. */
let passwordOwner: TestStaff;
let loginHash: string;
const LOGIN_PASSWORD = 'Correct-Horse-Battery-Staple';
/** Issue 31: the account whose passkeys the passkey cases add, rename and step up with (made when first needed). */
let passkeyOwner: TestStaff | undefined;
const ownPasskeys = async () => (passkeyOwner ??= await makeStaff());
/** Issue 31: the account whose authenticator app and recovery codes the code cases use (made when first needed). */
let codeOwner: TestStaff | undefined;
const TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
/**
 * The code owner with its authenticator app set up (`enabled`) or only started, no step used yet: each case's
 * code is then a right one (and no case's wrong code counts against another's, each from its own address).
 */
async function ownCodes(enabled: boolean): Promise<TestStaff> {
  codeOwner ??= await makeStaff();
  await db.staffUser.update({
    where: { id: codeOwner.id },
    data: {
      totpSecretEnc: encrypt(TOTP_SECRET, encryptionKey()),
      totpEnabledAt: enabled ? new Date() : null,
      totpLastStep: null,
    },
  });
  return codeOwner;
}
/** A new recovery code of the code owner's (its app set up). */
const ownRecoveryCode = async () => {
  const owner = await ownCodes(true);
  return (await db.$transaction((tx) => makeRecoveryCodes(tx, owner.id)))[0]!;
};
/** The code owner past its password step: the pending state's cookie, from an address of its own. */
async function pendingSecondStep(): Promise<{ ip: string; cookie: string }> {
  const owner = await ownCodes(true);
  const ip = uniqueIp();
  const res = await call(loginRoute, { body: { username: owner.email, password: owner.password }, ip });
  return { ip, cookie: cookiesSet(res.setCookies) };
}

const BASE_SETTINGS = {
  referralRewardAmount: 200,
  teamBonusAmount: 10,
  offerLink: 'https://clinic.example.co.uk/offer',
  googleReviewLink: 'ChIJN1t_tDeuEmsRUsoyG83frY4',
  trustpilotReviewLink: 'https://uk.trustpilot.com/evaluate/clinic.example.co.uk',
  // Issue 29: the offer in the clinic's words.
  offerEnabled: true,
  offerHeadline: '10% off whitening',
  offerInvitation: 'get 10% off whitening at our clinic',
  offerDetails: 'For friends of our patients.',
  offerTerms: 'New patients only.',
  rewardWording: '{amount} per friend who starts treatment',
  treatmentOptions: ['Whitening', 'Implants'],
  // Issue 33: the soft opt-in (not relied on) and the card emails an hour.
  softOptInReliedOn: false,
  cardSendsPerHour: 500,
};

const BODY_ROUTES: BodyRoute[] = [
  // Issue 31: passkeys. Each case adds a new authenticator's answer to fresh options (the state's cookie with
  // the session's), renames a passkey of the owner's own, or steps up with one.
  {
    label: 'POST /api/account/passkeys (add a passkey)',
    handler: addPasskeyRoute,
    method: 'POST',
    path: '/api/account/passkeys',
    ok: 201,
    strict: true,
    fields: { name: { kind: 'passkeyName' }, response: { kind: 'webauthnResponse' } },
    prepare: async () => {
      const owner = await ownPasskeys();
      const { cookie, body } = await registrationRequest(owner.cookie, 'Reception laptop');
      return { cookie: withCookies(owner.cookie, cookie), body };
    },
    read: async (res) => db.passkey.findUniqueOrThrow({ where: { id: res.body.passkey.id } }),
  },
  {
    label: 'PATCH /api/account/passkeys/[id] (rename a passkey)',
    handler: renamePasskeyRoute,
    method: 'PATCH',
    path: '/api/account/passkeys/[id]',
    ok: 200,
    strict: true,
    fields: { name: { kind: 'requiredPasskeyName' } },
    prepare: async () => {
      const owner = await ownPasskeys();
      return {
        cookie: owner.cookie,
        params: { id: await passkeyIdFor(owner.id) },
        body: { name: 'Front desk' },
      };
    },
    read: async (res) => db.passkey.findUniqueOrThrow({ where: { id: res.body.id } }),
  },
  // Issue 31: the step-up by code, from the code owner's session (a right code each case, from its own address).
  {
    label: 'POST /api/account/step-up (with a code from the authenticator app)',
    handler: stepUpRoute,
    method: 'POST',
    path: '/api/account/step-up',
    ok: 200,
    strict: false,
    fields: { code: { kind: 'totpCode' } },
    prepare: async () => {
      const owner = await ownCodes(true);
      return {
        ip: uniqueIp(),
        cookie: owner.cookie,
        body: { code: await generate({ secret: TOTP_SECRET }) },
      };
    },
  },
  {
    label: 'POST /api/account/step-up (with a recovery code)',
    handler: stepUpRoute,
    method: 'POST',
    path: '/api/account/step-up',
    ok: 200,
    strict: false,
    fields: { recoveryCode: { kind: 'recoveryCode' } },
    prepare: async () => {
      const recoveryCode = await ownRecoveryCode();
      return { ip: uniqueIp(), cookie: codeOwner!.cookie, body: { recoveryCode } };
    },
  },
  {
    label: 'POST /api/account/step-up/passkey (confirm it is you before money moves)',
    handler: passkeyStepUpRoute,
    method: 'POST',
    path: '/api/account/step-up/passkey',
    ok: 200,
    strict: true,
    fields: { response: { kind: 'webauthnResponse' } },
    prepare: async () => {
      const owner = await ownPasskeys();
      const { cookie, body } = await stepUpRequest(owner);
      return { cookie: withCookies(owner.cookie, cookie), body };
    },
  },
  // Issue 31: confirming the authenticator app being set up with its first code.
  {
    label: 'POST /api/account/totp/verify (confirm the authenticator app)',
    handler: confirmTotpRoute,
    method: 'POST',
    path: '/api/account/totp/verify',
    ok: 200,
    strict: false,
    fields: { code: { kind: 'totpCode' } },
    prepare: async () => {
      const owner = await ownCodes(false);
      return { cookie: owner.cookie, body: { code: await generate({ secret: TOTP_SECRET }) } };
    },
  },
  {
    label: 'POST /api/admin/clients (Add Client)',
    handler: createClientRoute,
    method: 'POST',
    path: '/api/admin/clients',
    ok: 201,
    strict: false,
    fields: {
      firstName: { kind: 'name' },
      lastName: { kind: 'name' },
      email: { kind: 'email' },
      affiliateCompany: { kind: 'text' },
      // Issue 29: optional, normalised like the lead form's.
      phone: { kind: 'optionalPhone' },
    },
    prepare: async () => ({
      cookie: staff.cookie,
      body: {
        firstName: 'Jane',
        lastName: 'Doe',
        email: uniqueEmail('jane'),
        affiliateCompany: 'Smile Co',
        phone: '07123 456789',
      },
    }),
    read: async (res) => db.client.findUniqueOrThrow({ where: { id: res.body.id } }),
  },
  {
    label: 'PATCH /api/admin/clients/[id] (edit names, affiliate company, BACS)',
    handler: patchClientRoute,
    method: 'PATCH',
    path: '/api/admin/clients/[id]',
    ok: 200,
    strict: true,
    fields: {
      firstName: { kind: 'name' },
      lastName: { kind: 'name' },
      affiliateCompany: { kind: 'text' },
      // Issue 29: a client's phone, edited (blank or null removes it).
      phone: { kind: 'optionalPhone' },
      sortCode: { kind: 'sortCode' },
      accountNumber: { kind: 'accountNumber' },
      accountName: { kind: 'accountName' },
      bacsRequested: { kind: 'optionalBoolean', missing: false },
    },
    prepare: async () => ({
      cookie: admin.cookie,
      params: { id: (await fixtureClient()).id },
      body: {
        firstName: 'Edna',
        lastName: 'Krabappel',
        affiliateCompany: 'Springfield Elementary',
        phone: '07123 456789',
        sortCode: '12-34-56',
        accountNumber: '12345678',
        accountName: 'Edna Krabappel',
        bacsRequested: false,
      },
    }),
    read: async (res) => {
      const row = await db.client.findUniqueOrThrow({ where: { id: res.body.id } });
      // Encrypted at rest: compared as the app reads it back.
      return {
        ...row,
        accountName: row.accountNameEnc ? decrypt(row.accountNameEnc, encryptionKey()) : null,
      };
    },
  },
  {
    label: 'POST /api/admin/clients/[id]/bank-details/approve (names the held change)',
    handler: approveBankDetailsRoute,
    method: 'POST',
    path: '/api/admin/clients/[id]/bank-details/approve',
    ok: 200,
    strict: true,
    fields: { changeId: { kind: 'heldChangeId' } },
    prepare: async () => {
      const client = await fixtureClient();
      const changeId = randomUUID();
      await db.client.update({
        where: { id: client.id },
        data: {
          bankDetailsHeldAt: new Date(),
          bankDetailsChangedBy: 'staff@clinic.test',
          bankDetailsChangeId: changeId,
        },
      });
      return { cookie: admin.cookie, params: { id: client.id }, body: { changeId } };
    },
  },
  {
    label: 'POST /api/admin/create-branded-link',
    handler: brandedLinkRoute,
    method: 'POST',
    path: '/api/admin/create-branded-link',
    ok: 200,
    strict: false,
    fields: {
      firstName: { kind: 'lookupName' },
      lastName: { kind: 'lookupName' },
      clientId: { kind: 'optionalId' },
    },
    prepare: async () => {
      const client = await fixtureClient({ firstName: 'Brand', lastName: `Link${Date.now()}` });
      return { cookie: staff.cookie, body: { firstName: client.firstName, lastName: client.lastName } };
    },
  },
  {
    label: 'POST /api/admin/users (add a staff account)',
    handler: createUserRoute,
    method: 'POST',
    path: '/api/admin/users',
    ok: 201,
    strict: false,
    fields: {
      email: { kind: 'email' },
      password: { kind: 'newPassword' },
      isFullAdmin: { kind: 'optionalBoolean', missing: false },
    },
    prepare: async () => ({
      cookie: admin.cookie,
      body: { email: uniqueEmail('account'), password: 'Correct-Horse-Battery', isFullAdmin: false },
    }),
    read: async (res, body) => {
      const row = await db.staffUser.findUniqueOrThrow({ where: { id: res.body.id } });
      const typed = String(body.password);
      return {
        email: row.email,
        isFullAdmin: row.isFullAdmin,
        password: (await verifyPassword(row.passwordHash, typed)) ? typed : '(the hash does not match)',
      };
    },
  },
  {
    label: 'POST /api/admin/users (invite a member of staff by email, issue 31)',
    handler: createUserRoute,
    method: 'POST',
    path: '/api/admin/users',
    ok: 201,
    strict: false,
    fields: {
      email: { kind: 'email' },
      isFullAdmin: { kind: 'optionalBoolean', missing: false },
      invite: { kind: 'inviteFlag' },
    },
    prepare: async () => {
      // The mixed-case address the corpus accepts is invited here as it was added with a password above.
      await db.staffUser.deleteMany({ where: { email: 'jane.doe@example.com' } });
      await db.staffInvite.deleteMany({ where: { email: 'jane.doe@example.com' } });
      return {
        cookie: admin.cookie,
        body: { email: uniqueEmail('invited'), isFullAdmin: false, invite: true },
      };
    },
    read: async (res) => {
      const row = await db.staffInvite.findUniqueOrThrow({ where: { id: res.body.id } });
      return { email: row.email, isFullAdmin: row.isFullAdmin, invite: true };
    },
  },
  {
    label: 'PATCH /api/admin/users/[id] (promote or demote)',
    handler: patchUserRoute,
    method: 'PATCH',
    path: '/api/admin/users/[id]',
    ok: 200,
    strict: false,
    fields: { isFullAdmin: { kind: 'boolean' } },
    prepare: async () => {
      const target = await db.staffUser.create({
        data: { email: uniqueEmail('target'), passwordHash: loginHash },
      });
      return { cookie: admin.cookie, params: { id: target.id }, body: { isFullAdmin: true } };
    },
  },
  {
    label: 'POST /api/change-password',
    handler: changePasswordRoute,
    method: 'POST',
    path: '/api/change-password',
    ok: 200,
    strict: false,
    fields: {
      email: { kind: 'ownEmail' },
      currentPassword: { kind: 'currentPassword' },
      newPassword: { kind: 'newPassword' },
    },
    // Wrong current passwords count towards the account's lock; each case starts from none, so the corpus's
    // wrong passwords never add up to a lock-out (the lock itself is tested in auth.test.ts).
    prepare: async () => {
      await db.rateLimitEvent.deleteMany({ where: { key: accountLimitKey(passwordOwner.email) } });
      return {
        cookie: passwordOwner.cookie,
        body: {
          email: passwordOwner.email,
          currentPassword: passwordOwner.password,
          newPassword: `Next-Password-${Date.now()}`,
        },
      };
    },
    read: async (_res, body) => {
      const row = await db.staffUser.findUniqueOrThrow({ where: { id: passwordOwner.id } });
      const typed = String(body.newPassword);
      return { newPassword: (await verifyPassword(row.passwordHash, typed)) ? typed : '(not changed)' };
    },
    // A changed password signs out other sessions; this one carries on with its cookie.
    after: (res, body) => {
      if (res.status !== 200) return;
      passwordOwner.password = String(body.newPassword);
    },
  },
  {
    label: 'POST /api/invites/[token] (accept an invitation, issue 31)',
    handler: acceptInviteRoute,
    method: 'POST',
    path: '/api/invites/[token]',
    ok: 200,
    strict: true,
    fields: { password: { kind: 'newPassword' } },
    prepare: async () => {
      const token = `bad-input-invite-${uniqueSession()}`;
      await db.staffInvite.create({
        data: {
          email: uniqueEmail('invitee'),
          tokenHash: inviteTokenHash(token),
          expiresAt: new Date(Date.now() + 86_400_000),
          invitedBy: 'bad-input@clinic.test',
        },
      });
      return { params: { token }, ip: uniqueIp(), body: { password: 'Correct-Horse-Battery' } };
    },
    read: async (res, body) => {
      const row = await db.staffUser.findUniqueOrThrow({ where: { email: res.body.email } });
      const typed = String(body.password);
      return {
        password: (await verifyPassword(row.passwordHash, typed)) ? typed : '(the hash does not match)',
      };
    },
  },
  {
    label: 'POST /api/leads (the public recommendation form)',
    handler: leadsRoute,
    method: 'POST',
    path: '/api/leads',
    ok: 201,
    strict: false,
    fields: {
      firstName: { kind: 'name' },
      lastName: { kind: 'name' },
      email: { kind: 'email' },
      phone: { kind: 'phone' },
      recommendedBy: { kind: 'recommendedBy' },
      treatmentInterest: { kind: 'choice' },
      source: { kind: 'choiceWithDefault', missing: 'qr_referral' },
      referrerId: { kind: 'leadReferrer' },
    },
    prepare: async () => ({
      ip: uniqueIp(),
      body: {
        firstName: 'Amy',
        lastName: 'Pond',
        email: uniqueEmail('amy'),
        phone: '+44 7123 456789',
        recommendedBy: 'Rory Williams',
        treatmentInterest: 'improve-my-smile',
        source: 'qr_referral',
      },
    }),
    read: async (res) => db.lead.findUniqueOrThrow({ where: { id: res.body.leadId } }),
  },
  {
    label: "POST /api/leads (staff: 'Manual Entry')",
    handler: leadsRoute,
    method: 'POST',
    path: '/api/leads',
    ok: 201,
    strict: false,
    fields: {
      firstName: { kind: 'name' },
      lastName: { kind: 'name' },
      email: { kind: 'email' },
      phone: { kind: 'optionalPhone' },
      referrerId: { kind: 'manualReferrer' },
    },
    prepare: async () => ({
      cookie: staff.cookie,
      body: {
        firstName: 'Clara',
        lastName: 'Oswald',
        email: uniqueEmail('clara'),
        phone: '07123 456789',
        source: 'Manual Entry',
        referrerId: (await fixtureClient()).id,
      },
    }),
    read: async (res) => db.lead.findUniqueOrThrow({ where: { id: res.body.leadId } }),
  },
  {
    label: 'POST /api/login',
    handler: loginRoute,
    method: 'POST',
    path: '/api/login',
    ok: 200,
    strict: false,
    fields: { username: { kind: 'username' }, password: { kind: 'password' } },
    // An account of its own for each case, so wrong passwords never add up to a lock-out.
    prepare: async () => {
      const account = await db.staffUser.create({
        data: { email: uniqueEmail('login'), passwordHash: loginHash },
      });
      return { ip: uniqueIp(), body: { username: account.email, password: LOGIN_PASSWORD } };
    },
  },
  // Issue 31: signing in with a passkey alone: a new account with one, and fresh options, for each case.
  {
    label: 'POST /api/login/passkey (sign in with a passkey)',
    handler: passkeyLoginRoute,
    method: 'POST',
    path: '/api/login/passkey',
    ok: 200,
    strict: true,
    fields: { response: { kind: 'webauthnResponse' } },
    prepare: passkeySignInRequest,
  },
  // Issue 31: the second step of signing in, with the pending state's cookie (a new one for each case).
  {
    label: 'POST /api/login/second-factor (with a code from the authenticator app)',
    handler: secondFactorLoginRoute,
    method: 'POST',
    path: '/api/login/second-factor',
    ok: 200,
    strict: false,
    fields: { code: { kind: 'totpCode' } },
    prepare: async () => ({
      ...(await pendingSecondStep()),
      body: { code: await generate({ secret: TOTP_SECRET }) },
    }),
  },
  {
    label: 'POST /api/login/second-factor (with a recovery code)',
    handler: secondFactorLoginRoute,
    method: 'POST',
    path: '/api/login/second-factor',
    ok: 200,
    strict: false,
    fields: { recoveryCode: { kind: 'recoveryCode' } },
    prepare: async () => {
      const recoveryCode = await ownRecoveryCode();
      return { ...(await pendingSecondStep()), body: { recoveryCode } };
    },
  },
  // Issue 31: a forgotten password. The request answers 202 for any valid address (known or not).
  {
    label: 'POST /api/password-reset (ask for a link to choose a new password)',
    handler: requestResetRoute,
    method: 'POST',
    path: '/api/password-reset',
    ok: 202,
    strict: false,
    fields: { email: { kind: 'email' } },
    prepare: async () => ({ ip: uniqueIp(), body: { email: uniqueEmail('reset') } }),
  },
  {
    label: 'POST /api/password-reset/[token] (a new password through the emailed link)',
    handler: resetPasswordRoute,
    method: 'POST',
    path: '/api/password-reset/[token]',
    ok: 200,
    strict: false,
    fields: { newPassword: { kind: 'newPassword' } },
    // A link of its own for each case (a link works once), to an account of its own.
    prepare: async () => {
      const account = await db.staffUser.create({
        data: { email: uniqueEmail('reset'), passwordHash: loginHash },
      });
      const token = randomBytes(32).toString('base64url');
      await db.passwordReset.create({
        data: {
          userId: account.id,
          tokenHash: hashOfToken(token),
          expiresAt: new Date(Date.now() + 1_800_000),
        },
      });
      return { ip: uniqueIp(), params: { token }, body: { newPassword: 'A-New-Password-2025' } };
    },
  },
  {
    label: 'POST /api/payments/pay-all',
    handler: payAllRoute,
    method: 'POST',
    path: '/api/payments/pay-all',
    ok: 200,
    strict: true,
    fields: { clientId: { kind: 'id' }, year: { kind: 'year' }, month: { kind: 'month' } },
    prepare: async () => {
      const client = await fixtureClient();
      await fixtureReferral('due', { client, convertedAt: new Date('2024-06-10T12:00:00Z') });
      return { cookie: admin.cookie, body: { clientId: client.id, year: 2024, month: 6 } };
    },
  },
  {
    label: 'POST /api/referrals (add a referral of a lead)',
    handler: createReferralRoute,
    method: 'POST',
    path: '/api/referrals',
    ok: 201,
    strict: true,
    fields: {
      referrerId: { kind: 'referrerRef' },
      leadId: { kind: 'id' },
      status: { kind: 'choiceWithDefault', missing: 'pending' },
    },
    prepare: async () => ({
      cookie: staff.cookie,
      body: { referrerId: (await fixtureClient()).id, leadId: (await fixtureLead()).id, status: 'pending' },
    }),
    read: async (res) => {
      const row = await db.referral.findUniqueOrThrow({ where: { id: res.body.id } });
      return { status: STATUS_TEXT[row.status] };
    },
  },
  {
    // Issue 29: a lead's outcome with a short note (null clears it: covered in inbox.test.ts).
    label: "PATCH /api/leads/[id] (a lead's outcome and note)",
    handler: patchLeadRoute,
    method: 'PATCH',
    path: '/api/leads/[id]',
    ok: 200,
    strict: true,
    fields: { outcome: { kind: 'choice' }, note: { kind: 'text' } },
    prepare: async () => ({
      cookie: staff.cookie,
      params: { id: (await fixtureLead()).id },
      body: { outcome: 'booked', note: 'Consultation on Tuesday' },
    }),
    read: async (res) => {
      const row = await db.lead.findUniqueOrThrow({ where: { id: res.body.id } });
      return { outcome: row.outcome?.replaceAll('_', '-') ?? null, note: row.outcomeNote };
    },
  },
  {
    label: 'PATCH /api/referrals/[id] (Story Started, revert)',
    handler: patchReferralRoute,
    method: 'PATCH',
    path: '/api/referrals/[id]',
    ok: 200,
    strict: true,
    fields: {
      status: { kind: 'choice' },
      // Left out or null: the referral reward setting (£200).
      rewardAmount: { kind: 'rewardAmount', missing: 200 },
    },
    // A full admin: another amount than the fixed reward is theirs alone to set (issue 28; staff get 403).
    prepare: async () => ({
      cookie: admin.cookie,
      params: { id: (await fixtureReferral('pending')).id },
      body: { status: 'Payment Due', rewardAmount: 150 },
    }),
    read: async (res) => {
      const row = await db.referral.findUniqueOrThrow({ where: { id: res.body.id } });
      return { status: STATUS_TEXT[row.status], rewardAmount: (row.rewardPence ?? 0) / 100 };
    },
  },
  {
    label: 'PATCH /api/settings',
    handler: patchSettingsRoute,
    method: 'PATCH',
    path: '/api/settings',
    ok: 200,
    strict: true,
    fields: {
      referralRewardAmount: { kind: 'wholePounds', missing: BASE_SETTINGS.referralRewardAmount },
      teamBonusAmount: { kind: 'wholePounds', missing: BASE_SETTINGS.teamBonusAmount },
      offerLink: { kind: 'link', missing: BASE_SETTINGS.offerLink },
      googleReviewLink: { kind: 'link', missing: BASE_SETTINGS.googleReviewLink },
      trustpilotReviewLink: { kind: 'link', missing: BASE_SETTINGS.trustpilotReviewLink },
      offerEnabled: { kind: 'optionalBoolean', missing: BASE_SETTINGS.offerEnabled },
      offerHeadline: { kind: 'offerLine', missing: BASE_SETTINGS.offerHeadline },
      offerInvitation: { kind: 'offerLine', missing: BASE_SETTINGS.offerInvitation },
      offerDetails: { kind: 'offerParagraph', missing: BASE_SETTINGS.offerDetails },
      offerTerms: { kind: 'offerParagraph', missing: BASE_SETTINGS.offerTerms },
      rewardWording: { kind: 'rewardWording', missing: BASE_SETTINGS.rewardWording },
      treatmentOptions: { kind: 'treatmentList', missing: BASE_SETTINGS.treatmentOptions },
      softOptInReliedOn: { kind: 'optionalBoolean', missing: BASE_SETTINGS.softOptInReliedOn },
      cardSendsPerHour: { kind: 'hourlyRate', missing: BASE_SETTINGS.cardSendsPerHour },
    },
    // Each case starts from the same saved settings, so 'left out' means these.
    prepare: async () => {
      await db.settings.update({
        where: { id: 1 },
        data: {
          referralRewardPence: BASE_SETTINGS.referralRewardAmount * 100,
          teamBonusPence: BASE_SETTINGS.teamBonusAmount * 100,
          offerLink: BASE_SETTINGS.offerLink,
          googleReviewLink: BASE_SETTINGS.googleReviewLink,
          trustpilotReviewLink: BASE_SETTINGS.trustpilotReviewLink,
          offerEnabled: BASE_SETTINGS.offerEnabled,
          offerHeadline: BASE_SETTINGS.offerHeadline,
          offerInvitation: BASE_SETTINGS.offerInvitation,
          offerDetails: BASE_SETTINGS.offerDetails,
          offerTerms: BASE_SETTINGS.offerTerms,
          rewardWording: BASE_SETTINGS.rewardWording,
          treatmentOptions: BASE_SETTINGS.treatmentOptions,
          softOptInReliedOnAt: null,
          softOptInReliedOnBy: null,
          cardSendsPerHour: BASE_SETTINGS.cardSendsPerHour,
        },
      });
      return { cookie: admin.cookie, body: { ...BASE_SETTINGS } };
    },
    read: async () => {
      const row = await db.settings.findUniqueOrThrow({ where: { id: 1 } });
      return {
        referralRewardAmount: row.referralRewardPence / 100,
        teamBonusAmount: row.teamBonusPence / 100,
        offerLink: row.offerLink,
        googleReviewLink: row.googleReviewLink,
        trustpilotReviewLink: row.trustpilotReviewLink,
        offerEnabled: row.offerEnabled,
        offerHeadline: row.offerHeadline,
        offerInvitation: row.offerInvitation,
        offerDetails: row.offerDetails,
        offerTerms: row.offerTerms,
        rewardWording: row.rewardWording,
        treatmentOptions: row.treatmentOptions,
        softOptInReliedOn: row.softOptInReliedOnAt !== null,
        cardSendsPerHour: row.cardSendsPerHour,
      };
    },
  },
  // Issue 33: starting a previewed import (each case its own; one import runs at a time).
  {
    label: 'POST /api/imports/[id]/start',
    handler: startImportRoute,
    method: 'POST',
    path: '/api/imports/[id]/start',
    ok: 202,
    strict: true,
    emptyIsValid: true,
    fields: {
      mapping: { kind: 'importMapping' },
      updateExisting: { kind: 'optionalBoolean', missing: false },
    },
    prepare: async () => {
      await db.clientImport.updateMany({ where: { status: 'running' }, data: { status: 'cancelled' } });
      const imp = await fixtureImport([addImportRow(patient())]);
      return { cookie: staff.cookie, params: { id: imp.id }, body: { updateExisting: false } };
    },
    read: async (res) => db.clientImport.findUniqueOrThrow({ where: { id: res.body.id } }),
  },
  // Issue 34: an API key made (a full admin), and practice events sent with a key (a new key for each case,
  // each under its own rate limit).
  {
    label: 'POST /api/admin/api-keys (make an integration API key)',
    handler: createApiKeyRoute,
    method: 'POST',
    path: '/api/admin/api-keys',
    ok: 201,
    strict: true,
    fields: { name: { kind: 'apiKeyName' } },
    prepare: async () => ({ cookie: admin.cookie, body: { name: 'Zapier' } }),
    read: async (res) => db.apiKey.findUniqueOrThrow({ where: { id: res.body.id } }),
  },
  {
    label: 'POST /api/integrations/practice-events (an API key)',
    handler: practiceEventsRoute,
    method: 'POST',
    path: '/api/integrations/practice-events',
    ok: 202,
    strict: true,
    fields: { events: { kind: 'practiceEvents' } },
    prepare: async () => ({ headers: (await makeApiKey()).headers, body: { events: [practiceEvent()] } }),
  },
  // Issue 34: the Dentally connection saved (a full admin); the token is read back decrypted. Dentally has
  // asked us to wait (dentallyHeld), so the sync a save starts in the background writes nothing.
  {
    label: 'PUT /api/integrations/dentally',
    handler: saveDentallyRoute,
    method: 'PUT',
    path: '/api/integrations/dentally',
    ok: 200,
    strict: true,
    fields: { token: { kind: 'dentallyToken' }, siteId: { kind: 'dentallySite' } },
    prepare: async () => {
      await dentallyHeld(false);
      return { cookie: admin.cookie, body: { token: 'corpus-token-0001', siteId: 'site-1' } };
    },
    read: async () => {
      const row = await db.settings.findUniqueOrThrow({ where: { id: 1 } });
      return {
        token: row.dentallyTokenEncrypted ? decrypt(row.dentallyTokenEncrypted, encryptionKey()) : null,
        siteId: row.dentallySiteId,
      };
    },
  },
  // Issue 33: a previewed import's mapping changed (the rows checked again).
  {
    label: 'PUT /api/imports/[id]/mapping',
    handler: remapImportRoute,
    method: 'PUT',
    path: '/api/imports/[id]/mapping',
    ok: 200,
    strict: true,
    fields: { mapping: { kind: 'remapMapping' } },
    prepare: async () => {
      const imp = await fixtureImport([addImportRow(patient())]);
      return { cookie: staff.cookie, params: { id: imp.id }, body: { mapping: { phone: null } } };
    },
  },
  {
    label: 'POST /api/team-members (add team member)',
    handler: createMemberRoute,
    method: 'POST',
    path: '/api/team-members',
    ok: 201,
    strict: true,
    fields: { firstName: { kind: 'name' }, lastName: { kind: 'name' } },
    prepare: async () => ({ cookie: staff.cookie, body: { firstName: 'Tom', lastName: 'Baker' } }),
    read: async (res) => db.teamMember.findUniqueOrThrow({ where: { id: res.body.id } }),
  },
  {
    label: 'POST /api/team-reviews (add a verified review by hand)',
    handler: createReviewRoute,
    method: 'POST',
    path: '/api/team-reviews',
    ok: 201,
    strict: true,
    fields: {
      teamMemberId: { kind: 'id' },
      reviewUrl: { kind: 'reviewUrl' },
      reviewerName: { kind: 'reviewerName' },
      reviewDate: { kind: 'reviewDate' },
      // Left out: the link's (Google).
      platform: { kind: 'linkPlatform', missing: 'google' },
    },
    prepare: async () => ({
      cookie: admin.cookie,
      body: {
        teamMemberId: (await fixtureMember()).id,
        reviewUrl: `https://g.page/r/bad-input-${uniqueSession()}/review`,
        reviewerName: 'Sarah Jane',
        reviewDate: '2024-06-15',
        platform: 'google',
      },
    }),
    read: async (res) => {
      const row = await db.teamReview.findUniqueOrThrow({ where: { id: res.body.id } });
      return {
        reviewerName: row.reviewerName,
        reviewDate: row.reviewDate.toISOString().slice(0, 10),
        platform: row.platform,
      };
    },
  },
  {
    label: 'POST /api/team-reviews/pay-all',
    handler: teamPayAllRoute,
    method: 'POST',
    path: '/api/team-reviews/pay-all',
    ok: 200,
    strict: true,
    fields: { teamMemberId: { kind: 'id' }, year: { kind: 'teamYear' }, month: { kind: 'month' } },
    prepare: async () => {
      const member = await fixtureMember();
      await fixtureReview({ member, date: '2024-06-15' });
      return { cookie: admin.cookie, body: { teamMemberId: member.id, year: 2024, month: 6 } };
    },
  },
  {
    label: 'POST /api/team-reviews/undo-bulk',
    handler: undoBulkRoute,
    method: 'POST',
    path: '/api/team-reviews/undo-bulk',
    ok: 200,
    strict: true,
    fields: { reviewIds: { kind: 'reviewIds' } },
    prepare: async () => ({
      cookie: admin.cookie,
      body: { reviewIds: [(await fixtureReview({ paid: true })).id] },
    }),
  },
  {
    label: 'POST /api/team-scans/[id]/approve (Verify & Approve)',
    handler: approveRoute,
    method: 'POST',
    path: '/api/team-scans/[id]/approve',
    ok: 201,
    strict: true,
    fields: {
      reviewUrl: { kind: 'reviewUrl' },
      reviewerName: { kind: 'reviewerName' },
      // Left out: the scan's UK date (the scan is made just now).
      reviewDate: { kind: 'reviewDate', missing: today() },
      // Left out: the link's (Google); never the visitor's choice or a default.
      platform: { kind: 'linkPlatform', missing: 'google' },
    },
    prepare: async () => ({
      cookie: admin.cookie,
      params: { id: (await fixtureScan()).id },
      body: {
        reviewUrl: `https://g.page/r/bad-input-${uniqueSession()}/review`,
        reviewerName: 'Sarah Jane',
        reviewDate: today(),
        platform: 'google',
      },
    }),
    read: async (res) => {
      const row = await db.teamReview.findUniqueOrThrow({ where: { id: res.body.id } });
      return {
        reviewerName: row.reviewerName,
        reviewDate: row.reviewDate.toISOString().slice(0, 10),
        platform: row.platform,
      };
    },
  },
  {
    label: 'POST /api/track-scan (public review page)',
    handler: trackScanRoute,
    method: 'POST',
    path: '/api/track-scan',
    ok: 201,
    strict: false,
    fields: {
      teamMemberId: { kind: 'memberRef' },
      userAgent: { kind: 'userAgent' },
      sessionId: { kind: 'sessionId' },
      isUniqueVisitor: { kind: 'optionalBoolean', missing: false },
    },
    prepare: async () => ({
      ip: uniqueIp(),
      body: {
        teamMemberId: (await fixtureMember()).code,
        userAgent: 'Mozilla/5.0 (iPhone)',
        sessionId: uniqueSession(),
        isUniqueVisitor: true,
      },
    }),
    read: async (res) => db.reviewScan.findUniqueOrThrow({ where: { id: res.body.scanId } }),
  },
  {
    label: 'POST /api/track-review-platform (public review page)',
    handler: trackPlatformRoute,
    method: 'POST',
    path: '/api/track-review-platform',
    ok: 201,
    strict: false,
    fields: {
      teamMemberId: { kind: 'memberRef' },
      platform: { kind: 'choice' },
      sessionId: { kind: 'sessionId' },
    },
    prepare: async () => ({
      ip: uniqueIp(),
      body: { teamMemberId: (await fixtureMember()).id, platform: 'google', sessionId: uniqueSession() },
    }),
    read: async (res) => db.reviewPlatformChoice.findUniqueOrThrow({ where: { id: res.body.id } }),
  },
];

// ---------- checking one case ----------

const tally = { fieldCases: 0, bodyCases: 0, pathCases: 0, queryCases: 0, accepted: 0 };

interface Sent {
  handler: AnyRouteHandler;
  method: string;
  path: string;
  params?: Record<string, string>;
  body?: unknown;
  rawBody?: string;
  /** A multipart body (the client import's upload). */
  form?: FormData;
  contentType?: string;
  headers?: Record<string, string>;
  cookie?: string;
  ip?: string;
}

/** The answer is a refusal as the house rules want it: a 4xx in `statuses`, JSON, with a clear message. */
function refusalProblems(res: CallResult, statuses: number[]): string[] {
  const problems: string[] = [];
  if (!statuses.includes(res.status)) problems.push(`expected ${statuses.join(' or ')}`);
  // 503 only where a route says so (the wallet pass, without certificates).
  if ((res.status >= 500 && !statuses.includes(res.status)) || res.status < 400) problems.push('not a 4xx');
  if (!(res.headers.get('content-type') ?? '').includes('application/json')) problems.push('not JSON');
  const message: unknown = res.body?.message;
  if (typeof message !== 'string' || message.trim().length < 5) problems.push('no clear message');
  if (message === SERVER_ERROR_TEXT) problems.push('the server-error message');
  return problems;
}

const show = (res: CallResult) => `${res.status} ${JSON.stringify(res.body)?.slice(0, 160)}`;

/** Sends a request that must be refused; returns what was wrong ([] when all is well). */
async function expectRefused(
  label: string,
  sent: Sent,
  statuses: number[],
  after?: (res: CallResult) => void,
): Promise<string[]> {
  const before = await snapshot();
  const res = await call(sent.handler, sent);
  after?.(res);
  const problems = refusalProblems(res, statuses);
  const changes = snapshotChanges(before, await snapshot());
  if (changes.length) problems.push(`the database changed (${changes.join('; ')})`);
  return problems.length ? [`${label}: ${problems.join(', ')}; got ${show(res)}`] : [];
}

function bodyText(body: Record<string, unknown>): { body?: unknown; rawBody?: string } {
  const raws = new Map<string, string>();
  const replacer = (_key: string, value: unknown) => {
    if (isRaw(value)) {
      const marker = `@@raw${raws.size}@@`;
      raws.set(marker, value.raw);
      return marker;
    }
    return value;
  };
  let text = JSON.stringify(body, replacer);
  if (raws.size === 0) return { body };
  for (const [marker, rawText] of raws) text = text.replace(`"${marker}"`, rawText);
  return { rawBody: text };
}

function sentFor(route: BodyRoute, prepared: Prepared, body: Record<string, unknown>): Sent {
  return {
    handler: route.handler,
    method: route.method,
    path: fillPath(route.path, prepared.params),
    params: prepared.params,
    cookie: prepared.cookie,
    headers: prepared.headers,
    ip: prepared.ip,
    ...bodyText(body),
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

async function runFieldCase(route: BodyRoute, field: string, key: string, value: unknown): Promise<string[]> {
  const spec = route.fields[field]!;
  const outcome = outcomeFor(spec, key, value);
  const prepared = await route.prepare();
  const body = { ...prepared.body };
  if (value === MISSING) delete body[field];
  else body[field] = value;
  const sent = sentFor(route, prepared, body);
  const label = `${field} = ${key}`;
  tally.fieldCases += 1;

  if ('refuse' in outcome) {
    return expectRefused(label, sent, outcome.refuse, (res) => route.after?.(res, body));
  }
  tally.accepted += 1;
  const res = await call(sent.handler, sent);
  route.after?.(res, body);
  if (res.status !== route.ok) return [`${label}: expected to be accepted (${route.ok}), got ${show(res)}`];
  if (!route.read || outcome.stored === undefined) return [];
  const stored = (await route.read(res, body))[field];
  // Stored exactly as typed (names title-cased), and answered as the same JSON string.
  const problems: string[] = [];
  if (!same(stored, outcome.stored)) {
    problems.push(`${label}: stored ${JSON.stringify(stored)}, expected ${JSON.stringify(outcome.stored)}`);
  }
  const answered: unknown = res.body?.[field];
  if (typeof outcome.stored === 'string' && field !== 'password' && !/password/i.test(field)) {
    if (answered !== undefined && answered !== outcome.stored) {
      problems.push(
        `${label}: answered ${JSON.stringify(answered)}, expected ${JSON.stringify(outcome.stored)}`,
      );
    }
  }
  return problems;
}

/**
 * Whole-body problems: the same for every route that reads a body. (A byte-order mark before valid JSON is
 * not among them: decoding the body as UTF-8 drops it, as the Fetch standard says, so that body is valid.)
 */
function bodyCases(route: BodyRoute, valid: string): [string, Partial<Sent>, number[]][] {
  const deep = `{"a":${'['.repeat(5_000)}${']'.repeat(5_000)}}`;
  return [
    ['invalid JSON', { rawBody: '{"firstName": "Amy",' }, [400]],
    ['NaN literal', { rawBody: '{"amount": NaN}' }, [400]],
    ['single-quoted JSON', { rawBody: valid.replaceAll('"', "'") }, [400]],
    ['an empty body', { rawBody: '' }, [400]],
    ['a whitespace body', { rawBody: '  \n ' }, [400]],
    ['JSON null', { rawBody: 'null' }, [400]],
    ['a JSON array', { rawBody: '[]' }, [400]],
    ['an array of the valid body', { rawBody: `[${valid}]` }, [400]],
    ['a JSON string', { rawBody: '"hello"' }, [400]],
    ['a JSON number', { rawBody: '42' }, [400]],
    ...(route.emptyIsValid
      ? []
      : ([['an empty object', { rawBody: '{}' }, [400]]] as [string, Partial<Sent>, number[]][])),
    ['deeply nested arrays', { rawBody: deep }, [400, 413]],
    ['the valid body as text/plain', { rawBody: valid, contentType: 'text/plain' }, [415]],
    [
      'a form post',
      { rawBody: 'firstName=Amy&lastName=Pond', contentType: 'application/x-www-form-urlencoded' },
      [415],
    ],
    ['multipart', { rawBody: valid, contentType: 'multipart/form-data; boundary=x' }, [415]],
    ['XML', { rawBody: '<a>1</a>', contentType: 'application/xml' }, [415]],
    ['no content type', { rawBody: valid, contentType: '' }, [415]],
    ['a 1 MB body', { rawBody: `{"padding":"${'x'.repeat(MEGABYTE)}"}` }, [413]],
    [
      'a declared length over the limit',
      { rawBody: valid, headers: { 'content-length': String(10 * MEGABYTE) } },
      [413],
    ],
    ...(route.strict
      ? ([['an unknown field', { rawBody: valid.replace(/^\{/, '{"isAdmin":true,') }, [400]]] as [
          string,
          Partial<Sent>,
          number[],
        ][])
      : []),
  ];
}

// ---------- the runs ----------

beforeAll(async () => {
  staff = await makeStaff();
  admin = await makeStaff({ isFullAdmin: true });
  passwordOwner = await makeStaff();
  loginHash = await hashPassword(LOGIN_PASSWORD);
  // The settings row is made on first read; make it now, so that first read cannot look like a write.
  await call(settingsRoute, { cookie: staff.cookie });
});

afterAll(() => {
  const total = tally.fieldCases + tally.bodyCases + tally.pathCases + tally.queryCases;
  console.log(
    `[bad-input corpus] ${total} requests: ${tally.fieldCases} field values across ${BODY_ROUTES.length} ` +
      `bodies (${tally.accepted} legitimately accepted and checked as stored), ${tally.bodyCases} malformed ` +
      `bodies, ${tally.pathCases} bad path segments, ${tally.queryCases} query strings.`,
  );
});

describe('bodies: every field, every value', () => {
  it.each(BODY_ROUTES.map((route) => [route.label, route] as const))('%s', async (_label, route) => {
    const failures: string[] = [];
    for (const [field, spec] of Object.entries(route.fields)) {
      for (const [key, value] of valuesFor(spec)) {
        failures.push(...(await runFieldCase(route, field, key, value)));
      }
    }
    expect(failures).toEqual([]);
  });
});

describe('bodies: malformed as a whole (invalid JSON, wrong content type, too large)', () => {
  it.each(BODY_ROUTES.map((route) => [route.label, route] as const))('%s', async (_label, route) => {
    const failures: string[] = [];
    for (const [label, change, statuses] of bodyCases(route, JSON.stringify((await route.prepare()).body))) {
      const prepared = await route.prepare();
      const base = sentFor(route, prepared, prepared.body);
      // A case's headers (a declared length) go with the prepared ones (issue 34: an API key).
      const sent = { ...base, body: undefined, ...change, headers: { ...base.headers, ...change.headers } };
      tally.bodyCases += 1;
      failures.push(
        ...(await expectRefused(label, sent, statuses, (res) => route.after?.(res, prepared.body))),
      );
    }
    expect(failures).toEqual([]);
  });
});

// ---------- path segments ----------

/** Ids that are not ids, and one that is but names nothing: each is 404 ('does not exist'), never 500. */
const BAD_SEGMENTS: [string, string][] = [
  ['an unknown id', UNKNOWN_ID],
  ['not an id', 'not-an-id'],
  ['SQL', "1' OR '1'='1"],
  ['SQL after an id', `${UNKNOWN_ID}; DROP TABLE clients`],
  ['HTML', '<script>alert(1)</script>'],
  ['emoji', '😀'],
  ['right-to-left', 'مريم\u202E'],
  ['empty', ''],
  ['a space', ' '],
  ['2,000 characters', 'x'.repeat(2_000)],
  ['a path', '../../etc/passwd'],
  ['a NUL', 'a\u0000b'],
  ['minus one', '-1'],
  ['zero', '0'],
  ['1e999', '1e999'],
  ['NaN', 'NaN'],
  ['null', 'null'],
  ['undefined', 'undefined'],
  ['an unknown card number', 'SC-AAAA-BBBB-CCCC'],
  ['an unknown team member code', 'TM-AAAA-BBBB-CCCC-DDDD'],
];

interface PathRoute {
  label: string;
  handler: AnyRouteHandler;
  method: string;
  path: string;
  segment: string;
  session: () => TestStaff;
  /** A valid body, so that the path is the only thing wrong. */
  body?: unknown;
  statuses?: (value: string) => number[];
}

/** `METHOD /api/...[segment]...`, called by `who` with `body` (valid, so that the path is all that is wrong). */
function pathRoute(
  key: string,
  handler: AnyRouteHandler,
  who: 'staff' | 'admin',
  body?: unknown,
  statuses?: (value: string) => number[],
): PathRoute {
  const [method, path] = key.split(' ') as [string, string];
  const segment = /\[(\w+)\]/.exec(path)![1]!;
  return {
    label: key,
    handler,
    method,
    path,
    segment,
    session: () => (who === 'admin' ? admin : staff),
    body,
    statuses,
  };
}

const PATH_ROUTES: PathRoute[] = [
  // Issue 31: one of the caller's own sessions; an id that names none of theirs is 404, whatever it is.
  // Issue 31: one of the caller's own passkeys (another account's is 404 too: passkeys.test.ts).
  pathRoute('PATCH /api/account/passkeys/[id]', renamePasskeyRoute, 'staff', { name: 'Front desk' }),
  pathRoute('DELETE /api/account/passkeys/[id]', removePasskeyRoute, 'staff'),
  pathRoute('DELETE /api/account/sessions/[id]', endSessionRoute, 'staff'),
  pathRoute('PATCH /api/admin/clients/[id]', patchClientRoute, 'admin', { affiliateCompany: 'X' }),
  pathRoute('POST /api/admin/clients/[id]/bank-details/approve', approveBankDetailsRoute, 'admin', {
    changeId: UNKNOWN_ID,
  }),
  pathRoute('GET /api/admin/clients/[id]/bank-details/pending', pendingBankChangeRoute, 'admin'),
  pathRoute('DELETE /api/admin/invites/[id]', revokeInviteRoute, 'admin'),
  pathRoute('POST /api/admin/invites/[id]/resend', resendInviteRoute, 'admin'),
  pathRoute('PATCH /api/admin/users/[id]', patchUserRoute, 'admin', { isFullAdmin: true }),
  pathRoute('DELETE /api/admin/users/[id]', removeUserRoute, 'admin'),
  pathRoute('DELETE /api/admin/users/[id]/sessions', signOutEverywhereRoute, 'admin'),
  pathRoute('POST /api/admin/users/[id]/unlock', unlockUserRoute, 'admin'),
  pathRoute('GET /api/card/[cardToken]', cardRoute, 'staff'),
  pathRoute('GET /api/clients/[id]', oneClientRoute, 'staff'),
  // Issue 33: an import's id.
  pathRoute('POST /api/imports/[id]/start', startImportRoute, 'staff', {}),
  pathRoute('POST /api/imports/[id]/cancel', cancelImportRoute, 'staff'),
  pathRoute('POST /api/imports/[id]/undo', undoImportRoute, 'admin'),
  pathRoute('POST /api/imports/[id]/send-cards', sendImportCardsRoute, 'admin'),
  pathRoute('GET /api/imports/[id]', oneImportRoute, 'staff'),
  pathRoute('GET /api/imports/[id]/errors.csv', importErrorsCsvRoute, 'staff'),
  pathRoute('PUT /api/imports/[id]/mapping', remapImportRoute, 'staff', { mapping: { phone: null } }),
  // Issue 34: a proposal's id.
  pathRoute('POST /api/practice-matches/[id]/confirm', confirmMatchRoute, 'staff'),
  pathRoute('POST /api/practice-matches/[id]/reject', rejectMatchRoute, 'staff'),
  // Issue 34: an integration API key's id.
  pathRoute('DELETE /api/admin/api-keys/[id]', revokeApiKeyRoute, 'admin'),
  pathRoute('DELETE /api/clients/[id]', deleteClientRoute, 'admin'),
  pathRoute('PATCH /api/referrals/[id]', patchReferralRoute, 'staff', { status: 'In Progress' }),
  pathRoute('DELETE /api/referrals/[id]', deleteReferralRoute, 'admin'),
  // Issue 31: a reset link's token (unknown or malformed: 'This link is not valid', 404), with a valid body.
  pathRoute('POST /api/password-reset/[token]', resetPasswordRoute, 'staff', {
    newPassword: 'A-New-Password-2025',
  }),
  pathRoute('POST /api/referrals/[id]/payment', markPaidRoute, 'staff'),
  pathRoute('DELETE /api/referrals/[id]/payment', undoPaymentRoute, 'admin'),
  pathRoute('DELETE /api/team-members/[id]', deleteMemberRoute, 'admin'),
  pathRoute('GET /api/team-members/[id]/qr', memberQrRoute, 'staff'),
  // With a valid format, so that the path is all that is wrong (issue 29, point 13).
  pathRoute('GET /api/team-members/[id]/print?format=a4', memberPrintRoute, 'staff'),
  pathRoute('POST /api/team-reviews/[id]/payment', payBonusRoute, 'admin'),
  pathRoute('DELETE /api/team-reviews/[id]/payment', undoBonusRoute, 'admin'),
  pathRoute('POST /api/team-scans/[id]/approve', approveRoute, 'admin', {
    reviewerName: 'Sarah Jane',
    reviewUrl: 'https://g.page/r/bad-input-path/review',
  }),
  pathRoute('POST /api/team-scans/[id]/reject', rejectRoute, 'admin'),
  pathRoute('GET /api/users/card/[cardNumber]', cardholderRoute, 'staff'),
  // Issue 31: an unknown invitation link is a 404; unknown tokens are limited per address (429 after 10).
  pathRoute(
    'POST /api/invites/[token]',
    acceptInviteRoute,
    'staff',
    { password: 'Correct-Horse-Battery' },
    () => [404, 429],
  ),
  // The one-click unsubscribe address (issue 28): a token that is not a valid signed link is a 404.
  pathRoute('POST /api/unsubscribe/[token]', unsubscribeRoute, 'staff'),
  pathRoute('GET /api/users/card/[cardNumber]/qr', cardQrRoute, 'staff'),
  // Without Apple Wallet certificates (as in these tests) a well-formed card number is answered 503 'not set up'.
  pathRoute('GET /api/users/card/[cardNumber]/pass', passRoute, 'staff', undefined, (value) =>
    /^\s*sc-[a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{4}\s*$/i.test(value) ? [404, 503] : [404],
  ),
];

describe('path segments: ids that are malformed or name nothing', () => {
  it.each(PATH_ROUTES.map((route) => [route.label, route] as const))('%s', async (_label, route) => {
    const failures: string[] = [];
    for (const [label, value] of BAD_SEGMENTS) {
      tally.pathCases += 1;
      const params = { [route.segment]: value };
      const sent: Sent = {
        handler: route.handler,
        method: route.method,
        path: fillPath(route.path, params),
        params,
        body: route.body,
        cookie: route.session().cookie,
      };
      failures.push(
        ...(await expectRefused(
          `${label} (${JSON.stringify(value.slice(0, 40))})`,
          sent,
          route.statuses?.(value) ?? [404],
        )),
      );
    }
    expect(failures).toEqual([]);
  });
});

// ---------- query strings ----------

/** A query value: refused (4xx) or accepted (2xx, and nothing written either way). */
type QueryCase = [label: string, query: string, statuses: number[]];

const q = (params: Record<string, string>) => new URLSearchParams(params).toString();
const b64 = (text: string) => Buffer.from(text).toString('base64url');

const LIMIT_CASES = (max: number, blankStatus: number): QueryCase[] => [
  ...[
    '-1',
    '0',
    String(max + 1),
    '1.5',
    'abc',
    'NaN',
    'Infinity',
    '-Infinity',
    '1e999',
    '9'.repeat(400),
    '<script>',
  ].map((v): QueryCase => [`limit=${v.slice(0, 20)}`, q({ limit: v }), [400]]),
  ['limit=1', q({ limit: '1' }), [200]],
  [`limit=${max}`, q({ limit: String(max) }), [200]],
  ['limit= 7 ', q({ limit: ' 7 ' }), [200]],
  ['limit= (blank)', q({ limit: '' }), [blankStatus]],
];

const CURSOR_CASES = (blankStatus: number): QueryCase[] => [
  ...[
    'garbage!!',
    'x'.repeat(201),
    b64('[1,2]'),
    b64(`["not a date","${UNKNOWN_ID}"]`),
    b64('["2024-01-01T00:00:00Z","not-an-id"]'),
    b64('{"a":1}'),
    b64("'; DROP TABLE clients;--"),
    '<script>',
    b64('["2024-01-01T00:00:00Z","\u0000"]'),
  ].map((v): QueryCase => [`cursor=${v.slice(0, 20)}`, q({ cursor: v }), [400]]),
  ['cursor= (blank)', q({ cursor: '' }), [blankStatus]],
];

const SEARCH_CASES: QueryCase[] = [
  ...Object.entries({
    ...STRINGS,
    percent: '%',
    underscore: '_',
    backslash: '\\',
    percents: '%%%%',
    apostrophe: "O'Brien",
    phone: '07123 456789',
    longest: 'x'.repeat(100),
  })
    .filter(([key]) => key !== 'megabyte' && key !== 'long' && key !== 'nul')
    .map(([key, v]): QueryCase => [`q=${key}`, q({ q: v }), [200]]),
  ['q=101 characters', q({ q: 'x'.repeat(101) }), [400]],
  ['q=2,000 characters', q({ q: STRINGS.long }), [400]],
  ['q=a NUL', q({ q: STRINGS.nul }), [400]],
];

const FLAG_CASES = (name: string): QueryCase[] => [
  ...['yes', '1', 'TRUE', '<script>'].map((v): QueryCase => [`${name}=${v}`, q({ [name]: v }), [400]]),
  ...['true', 'false', ''].map((v): QueryCase => [`${name}=${v || '(blank)'}`, q({ [name]: v }), [200]]),
];

/** ?year=&month= cases for a report whose first year is `firstYear` (the year before it is refused). */
const monthCases = (firstYear: number): QueryCase[] => [
  ['no year or month', '', [400]],
  ['year only', q({ year: '2024' }), [400]],
  ['month only', q({ month: '6' }), [400]],
  ...[
    '',
    'abc',
    String(firstYear - 1),
    '9999',
    '-2025',
    '2025.5',
    '1e999',
    '2e3',
    'NaN',
    'Infinity',
    '<script>',
    "2025' OR '1'='1",
    '9'.repeat(400),
  ].map((v): QueryCase => [`year=${v.slice(0, 20) || '(blank)'}`, q({ year: v, month: '6' }), [400]]),
  ...['', '0', '13', '1.5', 'July', '-1', '<script>', "6' OR '1'='1"].map((v): QueryCase => [
    `month=${v || '(blank)'}`,
    q({ year: '2024', month: v }),
    [400],
  ]),
  ['year=2024&month=1', q({ year: '2024', month: '1' }), [200]],
  ['year= 2024 &month=06', q({ year: ' 2024 ', month: '06' }), [200]],
  [`year=${firstYear}&month=1`, q({ year: String(firstYear), month: '1' }), [200]],
];
const MONTH_CASES = monthCases(2024);

const SIZE_CASES: QueryCase[] = [
  ...['100', '200px', '-1', 'NaN', '<script>', '', '9'.repeat(400)].map((v): QueryCase => [
    `size=${v.slice(0, 20) || '(blank)'}`,
    q({ size: v }),
    [400],
  ]),
  ['size=300', q({ size: '300' }), [200]],
];

interface QueryRoute {
  label: string;
  handler: AnyRouteHandler;
  path: string;
  session: () => TestStaff;
  params?: () => Promise<Record<string, string>>;
  cases: () => QueryCase[];
}

const QUERY_ROUTES: QueryRoute[] = [
  // Issue 33: the imports, newest first (at most 100; blank is the default, 20).
  {
    label: 'GET /api/imports',
    handler: listImportsRoute,
    path: '/api/imports',
    session: () => staff,
    cases: () => LIMIT_CASES(100, 200),
  },
  // Issue 34: the Dentally connection takes no query: whatever is sent is ignored.
  {
    label: 'GET /api/integrations/dentally',
    handler: dentallyRoute,
    path: '/api/integrations/dentally',
    session: () => admin,
    cases: () => [
      ['no query', '', [200]],
      ['token=<script>', q({ token: '<script>' }), [200]],
      ['status=ok&limit=NaN', q({ status: 'ok', limit: 'NaN' }), [200]],
    ],
  },
  // Issue 34: the practice records' proposals, by status, a page at a time (at most 100; blank is the default).
  {
    label: 'GET /api/practice-matches',
    handler: listMatchesRoute,
    path: '/api/practice-matches',
    session: () => staff,
    cases: () => [
      ...LIMIT_CASES(100, 200),
      ...CURSOR_CASES(200),
      ...['maybe', 'PROPOSED ', '<script>', '9'.repeat(400)].map((v): QueryCase => [
        `status=${v.slice(0, 20)}`,
        q({ status: v }),
        [400],
      ]),
      ...['proposed', 'confirmed', 'rejected', ''].map((v): QueryCase => [
        `status=${v || '(blank)'}`,
        q({ status: v }),
        [200],
      ]),
    ],
  },
  // Issue 31: the account audit and everyone's sign-ins, a page at a time (at most 200; blank is the default).
  {
    label: 'GET /api/admin/account-audit',
    handler: accountAuditRoute,
    path: '/api/admin/account-audit',
    session: () => admin,
    cases: () => [...LIMIT_CASES(200, 200), ...CURSOR_CASES(200)],
  },
  {
    label: 'GET /api/admin/sign-ins',
    handler: clinicSignInsRoute,
    path: '/api/admin/sign-ins',
    session: () => admin,
    cases: () => [...LIMIT_CASES(200, 200), ...CURSOR_CASES(200)],
  },
  // Issue 32: the backups' state lists the last runs (at most 50; blank is the default, 10).
  {
    label: 'GET /api/admin/backups',
    handler: backupsRoute,
    path: '/api/admin/backups',
    session: () => admin,
    cases: () => LIMIT_CASES(50, 200),
  },
  {
    label: 'GET /api/clients',
    handler: listClientsRoute,
    path: '/api/clients',
    session: () => staff,
    cases: () => [
      ...LIMIT_CASES(500, 200),
      ...CURSOR_CASES(200),
      ...SEARCH_CASES,
      ...FLAG_CASES('referrals'),
    ],
  },
  {
    label: 'GET /api/clients/[id]',
    handler: oneClientRoute,
    path: '/api/clients/[id]',
    session: () => staff,
    params: async () => ({ id: (await fixtureClient()).id }),
    cases: () => FLAG_CASES('referrals'),
  },
  {
    label: 'GET /api/leads',
    handler: listLeadsRoute,
    path: '/api/leads',
    session: () => staff,
    cases: () => [...LIMIT_CASES(500, 200), ...CURSOR_CASES(200), ...SEARCH_CASES],
  },
  {
    label: 'GET /api/referrals',
    handler: listReferralsRoute,
    path: '/api/referrals',
    session: () => staff,
    cases: () => [
      ...LIMIT_CASES(500, 200),
      ...CURSOR_CASES(200),
      ...SEARCH_CASES,
      ...['x', "1' OR '1'='1", '<script>', '😀'].map((v): QueryCase => [
        `clientId=${v}`,
        q({ clientId: v }),
        [400],
      ]),
      ['clientId=an unknown id', q({ clientId: UNKNOWN_ID }), [404]],
      ['clientId= (blank)', q({ clientId: '' }), [200]],
    ],
  },
  {
    label: 'GET /api/payments/outstanding',
    handler: outstandingRoute,
    path: '/api/payments/outstanding',
    session: () => admin,
    // It has no search: q is ignored.
    cases: () => [
      ...LIMIT_CASES(500, 200),
      ...CURSOR_CASES(200),
      ['q=anything (ignored)', q({ q: STRINGS.sql }), [200]],
    ],
  },
  {
    label: 'GET /api/payments/audit',
    handler: auditRoute,
    path: '/api/payments/audit',
    session: () => admin,
    // Its own paging: a blank limit is refused (400) rather than read as the default.
    cases: () => [...LIMIT_CASES(200, 400), ...CURSOR_CASES(200)],
  },
  {
    label: 'GET /api/payments/report',
    handler: reportRoute,
    path: '/api/payments/report',
    session: () => admin,
    // A page of the month's clients (issue 19): at most 200 a page; a blank limit or cursor is the first page.
    cases: () => [
      ...MONTH_CASES,
      ...[...LIMIT_CASES(200, 200), ...CURSOR_CASES(200)].map(([label, query, statuses]): QueryCase => [
        label,
        `year=2025&month=3&${query}`,
        statuses,
      ]),
    ],
  },
  {
    label: 'GET /api/payments/report.csv',
    handler: reportCsvRoute,
    path: '/api/payments/report.csv',
    session: () => admin,
    cases: () => MONTH_CASES,
  },
  {
    label: 'GET /api/team-reviews',
    handler: teamMonthRoute,
    path: '/api/team-reviews',
    session: () => admin,
    cases: () => monthCases(2000),
  },
  {
    label: 'GET /api/insights',
    handler: insightsRoute,
    path: '/api/insights',
    session: () => admin,
    // months: 1 to 36 whole months; blank or absent is the default 12.
    cases: () => [
      ...[
        '-1',
        '0',
        '37',
        '1.5',
        'abc',
        'NaN',
        'Infinity',
        '1e999',
        '9'.repeat(400),
        '<script>',
        STRINGS.sql,
      ].map((v): QueryCase => [`months=${v.slice(0, 20)}`, q({ months: v }), [400]]),
      ...['1', '3', '24', '36', ' 6 ', ''].map((v): QueryCase => [`months=${v}`, q({ months: v }), [200]]),
      ['no months', '', [200]],
    ],
  },
  {
    label: 'GET /api/team-members/[id]/qr',
    handler: memberQrRoute,
    path: '/api/team-members/[id]/qr',
    session: () => staff,
    params: async () => ({ id: (await fixtureMember()).id }),
    cases: () => SIZE_CASES,
  },
  {
    // Issue 29, point 13: the printed card (a6) or poster (a4), in any case and with spaces; anything else 400.
    label: 'GET /api/team-members/[id]/print',
    handler: memberPrintRoute,
    path: '/api/team-members/[id]/print',
    session: () => staff,
    params: async () => ({ id: (await fixtureMember()).id }),
    cases: () => [
      ...['a5', 'A3', 'pdf', 'a4a4', '', '<script>', '9'.repeat(400), STRINGS.sql].map((v): QueryCase => [
        `format=${v.slice(0, 20) || '(blank)'}`,
        q({ format: v }),
        [400],
      ]),
      ['no format', '', [400]],
      ...['a6', 'A4', ' a4 '].map((v): QueryCase => [`format=${v}`, q({ format: v }), [200]]),
    ],
  },
  {
    label: 'GET /api/users/card/[cardNumber]/qr',
    handler: cardQrRoute,
    path: '/api/users/card/[cardNumber]/qr',
    session: () => staff,
    params: async () => ({ cardNumber: (await fixtureClient()).cardNumber }),
    cases: () => SIZE_CASES,
  },
];

describe('query strings', () => {
  it.each(QUERY_ROUTES.map((route) => [route.label, route] as const))('%s', async (_label, route) => {
    const failures: string[] = [];
    const params = (await route.params?.()) ?? undefined;
    for (const [label, query, statuses] of route.cases()) {
      tally.queryCases += 1;
      const sent: Sent = {
        handler: route.handler,
        method: 'GET',
        path: `${fillPath(route.path, params)}${query ? `?${query}` : ''}`,
        params,
        cookie: route.session().cookie,
      };
      if (statuses.some((s) => s >= 400)) {
        failures.push(...(await expectRefused(label, sent, statuses)));
        continue;
      }
      const before = await snapshot();
      const res = await call(sent.handler, sent);
      if (!statuses.includes(res.status))
        failures.push(`${label}: expected ${statuses.join(' or ')}, got ${show(res)}`);
      const changes = snapshotChanges(before, await snapshot());
      if (changes.length) failures.push(`${label}: a read changed the database (${changes.join('; ')})`);
    }
    expect(failures).toEqual([]);
  });
});

// ---------- names with markup: stored as typed, answered as JSON strings ----------

describe('names with markup, SQL, emoji and right-to-left text', () => {
  it('come back from the lists exactly as stored, as JSON strings', async () => {
    const names = [STRINGS.html, STRINGS.sql, STRINGS.emoji, STRINGS.rtl];
    const made: { id: string }[] = [];
    for (const name of names) {
      const res = await call(createClientRoute, {
        body: { firstName: name, lastName: name, email: uniqueEmail('markup'), affiliateCompany: name },
        cookie: staff.cookie,
      });
      expect(res.status).toBe(201);
      made.push(res.body as { id: string });
    }
    const list = await call(listClientsRoute, {
      path: '/api/clients?limit=500&referrals=false',
      cookie: staff.cookie,
    });
    expect(list.status).toBe(200);
    expect(list.headers.get('content-type')).toContain('application/json');
    for (const [i, name] of names.entries()) {
      const listed = (
        list.body as { id: string; firstName: string; lastName: string; affiliateCompany: string }[]
      ).find((c) => c.id === made[i]!.id);
      expect(listed).toMatchObject({
        firstName: titleCaseName(name),
        lastName: titleCaseName(name),
        affiliateCompany: name.trim(),
      });
    }
  });
});

describe('the client import’s upload (issue 33): malformed multipart and files that are no list of clients', () => {
  const form = (parts: [string, Uint8Array | string, string][]) => {
    const data = new FormData();
    for (const [field, bytes, name] of parts)
      data.append(field, new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)]), name);
    return data;
  };
  const csv = 'First name,Last name,Email\nAmy,Pond,amy.upload@example.test\n';
  const cases: [string, Partial<Sent>, number[]][] = [
    ['JSON instead of a file', { body: { file: csv } }, [400]],
    ['multipart without a boundary', { rawBody: csv, contentType: 'multipart/form-data' }, [400]],
    [
      'multipart that ends early',
      {
        rawBody: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nName',
        contentType: 'multipart/form-data; boundary=x',
      },
      [400],
    ],
    ['no field "file"', { form: form([['upload', csv, 'a.csv']]) }, [400]],
    ['an empty file', { form: form([['file', '', 'a.csv']]) }, [400]],
    [
      'a declared length over 20 MB',
      { form: form([['file', csv, 'a.csv']]), headers: { 'content-length': String(30 * MEGABYTE) } },
      [413],
    ],
    ['NUL bytes', { form: form([['file', `${csv}\u0000\u0000`, 'a.csv']]) }, [415]],
    [
      'a PNG named .csv',
      {
        form: form([
          ['file', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), 'a.csv'],
        ]),
      },
      [415],
    ],
    [
      'a ZIP that is no workbook',
      { form: form([['file', 'PK\u0003\u0004mimetypeapplication/zip', 'a.xlsx']]) },
      [415],
    ],
    ['a header row only', { form: form([['file', 'First name,Last name,Email\n', 'a.csv']]) }, [400]],
    ['no email column', { form: form([['file', 'First name,Last name\nAmy,Pond\n', 'a.csv']]) }, [400]],
    [
      'a quote never closed',
      { form: form([['file', `${csv}"Rory,Williams,rory@example.test\n`, 'a.csv']]) },
      [400],
    ],
  ];
  it.each(cases)('%s', async (label, change, statuses) => {
    const sent: Sent = {
      handler: uploadImportRoute,
      method: 'POST',
      path: '/api/imports/clients',
      cookie: staff.cookie,
      ...change,
    };
    expect(await expectRefused(label, sent, statuses)).toEqual([]);
  });
});

// Issue 34: a practice system's export, always sent with commit=true (so an accepted one would write).
describe('the practice records’ upload (issue 34): malformed multipart, fields and files', () => {
  const form = (parts: [string, Uint8Array | string, string][], fields: Record<string, string> = {}) => {
    const data = new FormData();
    for (const [name, value] of Object.entries({ commit: 'true', ...fields })) data.append(name, value);
    for (const [field, bytes, name] of parts)
      data.append(field, new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)]), name);
    return data;
  };
  const csv = 'First name,Last name,Visit date\nAmy,Pond,01/09/2025\n';
  const file = (fields: Record<string, string>) => ({ form: form([['file', csv, 'a.csv']], fields) });
  const cases: [string, Partial<Sent>, number[]][] = [
    ['JSON instead of a file', { body: { file: csv, commit: 'true' } }, [400]],
    ['multipart without a boundary', { rawBody: csv, contentType: 'multipart/form-data' }, [400]],
    [
      'multipart that ends early',
      {
        rawBody: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nName',
        contentType: 'multipart/form-data; boundary=x',
      },
      [400],
    ],
    ['no field "file"', { form: form([['upload', csv, 'a.csv']]) }, [400]],
    ['an empty file', { form: form([['file', '', 'a.csv']]) }, [400]],
    [
      'a declared length over 20 MB',
      { ...file({}), headers: { 'content-length': String(30 * MEGABYTE) } },
      [413],
    ],
    ['NUL bytes', { form: form([['file', `${csv}\u0000\u0000`, 'a.csv']]) }, [415]],
    [
      'a ZIP that is no workbook',
      { form: form([['file', 'PK\u0003\u0004mimetypeapplication/zip', 'a.xlsx']]) },
      [415],
    ],
    ['a header row only', { form: form([['file', 'First name,Last name,Visit date\n', 'a.csv']]) }, [400]],
    ['no date column', { form: form([['file', 'First name,Last name\nAmy,Pond\n', 'a.csv']]) }, [400]],
    [
      'no name column',
      { form: form([['file', 'Email,Visit date\namy@example.test,01/09/2025\n', 'a.csv']]) },
      [400],
    ],
    ['a quote never closed', { form: form([['file', `${csv}"Rory,Williams,01/09/2025\n`, 'a.csv']]) }, [400]],
    ...['surgery', 'TREATMENT', '0'].map((kind): [string, Partial<Sent>, number[]] => [
      `kind=${kind}`,
      file({ kind }),
      [400],
    ]),
    ...['a b', 'x'.repeat(41), 'Ünïcode'].map((source): [string, Partial<Sent>, number[]] => [
      `source=${source.slice(0, 12)}`,
      file({ source }),
      [400],
    ]),
    ...['yes', '1', 'TRUE!'].map((commit): [string, Partial<Sent>, number[]] => [
      `commit=${commit}`,
      file({ commit }),
      [400],
    ]),
    ...[
      '{eventDate:',
      '[]',
      '"Visit date"',
      'null',
      '{"when":"Visit date"}',
      '{"eventDate":3}',
      '{"eventDate":"Visited"}',
      '{"eventDate":null}',
      '{"firstName":"Visit date"}',
    ].map((mapping): [string, Partial<Sent>, number[]] => [`mapping=${mapping}`, file({ mapping }), [400]]),
  ];
  it.each(cases)('%s', async (label, change, statuses) => {
    const sent: Sent = {
      handler: uploadPracticeRoute,
      method: 'POST',
      path: '/api/practice-records/upload',
      cookie: staff.cookie,
      ...change,
    };
    expect(await expectRefused(label, sent, statuses)).toEqual([]);
  });
});
