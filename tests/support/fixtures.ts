/**
 * Rows for tests that need something to act on (a client, a referral in a given state, a team member, a
 * pending scan, a verified review), written straight to the test database so that a test that makes
 * hundreds of them stays fast. The routes under test are then called on them through tests/support/http.ts.
 * Each value that must be unique (emails, sessions, addresses) is made unique here.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { db } from '@/lib/db';
import { newCardNumber, newInviteToken, newTeamMemberCode } from '@/lib/codes';

let seq = 0;
const next = () => {
  seq += 1;
  return seq;
};

/** A well-formed id that names nothing. */
export const UNKNOWN_ID = '0192f5e0-0000-7000-8000-00000000dead';

export const uniqueEmail = (prefix = 'fixture') =>
  `${prefix}.${next()}.${randomUUID().slice(0, 8)}@example.com`;
export const uniqueSession = () => `sess-${next()}-${randomUUID()}`;

/** A fresh client address for each public call, so per-address rate limits never get in the way. */
export function uniqueIp(): string {
  const n = next();
  return `10.${200 + ((n >> 16) % 50)}.${(n >> 8) % 256}.${n % 256}`;
}

export async function fixtureClient(
  data: { firstName?: string; lastName?: string; email?: string; affiliateCompany?: string | null } = {},
) {
  return db.client.create({
    data: {
      firstName: data.firstName ?? 'Fixture',
      lastName: data.lastName ?? `Client${next()}`,
      email: data.email ?? uniqueEmail('client'),
      affiliateCompany: data.affiliateCompany ?? null,
      cardNumber: newCardNumber(),
      inviteToken: newInviteToken(),
    },
  });
}

export async function fixtureLead(referrerId: string | null = null) {
  return db.lead.create({
    data: {
      firstName: 'Fixture',
      lastName: `Lead${next()}`,
      email: uniqueEmail('lead'),
      phone: '+447123456789',
      referrerId,
    },
  });
}

export type ReferralState = 'pending' | 'due' | 'paid';

/**
 * A referral of a new lead, in the state asked for: pending, Payment Due (Story Started, unpaid) or paid.
 * `convertedAt` places a conversion in a given month (the reports group by it).
 */
export async function fixtureReferral(
  state: ReferralState,
  options: { client?: { id: string }; convertedAt?: Date; rewardPence?: number } = {},
) {
  const client = options.client ?? (await fixtureClient());
  const lead = await fixtureLead(client.id);
  const converted = state !== 'pending';
  return db.referral.create({
    data: {
      referrerId: client.id,
      leadId: lead.id,
      status: converted ? 'payment_due' : 'pending',
      rewardPence: converted ? (options.rewardPence ?? 20_000) : null,
      rewardPaid: state === 'paid',
      paidAt: state === 'paid' ? new Date() : null,
      convertedAt: converted ? (options.convertedAt ?? new Date()) : null,
    },
  });
}

export async function fixtureMember(data: { firstName?: string; lastName?: string } = {}) {
  return db.teamMember.create({
    data: {
      firstName: data.firstName ?? 'Fixture',
      lastName: data.lastName ?? `Member${next()}`,
      code: newTeamMemberCode(),
    },
  });
}

/** A visit to the member's review page, waiting for verification. */
export async function fixtureScan(member?: { id: string }) {
  const owner = member ?? (await fixtureMember());
  return db.reviewScan.create({
    data: { teamMemberId: owner.id, sessionId: uniqueSession(), userAgent: 'jest', isUniqueVisitor: true },
  });
}

/** A verified review (bonus £10) dated `date` (YYYY-MM-DD), paid when asked. */
export async function fixtureReview(
  options: { member?: { id: string }; date?: string; paid?: boolean; verified?: boolean } = {},
) {
  const member = options.member ?? (await fixtureMember());
  const verified = options.verified ?? true;
  return db.teamReview.create({
    data: {
      teamMemberId: member.id,
      reviewerName: `Reviewer ${next()}`,
      reviewDate: new Date(`${options.date ?? '2024-06-15'}T00:00:00Z`),
      platform: 'google',
      bonusPence: 1_000,
      verifiedAt: verified ? new Date() : null,
      verifiedBy: verified ? 'fixture@example.com' : null,
      paidAt: options.paid ? new Date() : null,
    },
  });
}

/**
 * A Google review link in the settings: without one the review page says reviews are not set up, and
 * POST /api/track-scan counts nothing (issue 16).
 */
export function fixtureReviewLink() {
  return db.settings.upsert({
    where: { id: 1 },
    create: { id: 1, googleReviewLink: 'ChIJfixture-review-place' },
    update: { googleReviewLink: 'ChIJfixture-review-place' },
  });
}

/** A message in the outbox in the state asked for (issue 17), about a new client. */
export async function fixtureMessage(status: 'unsent' | 'queued' | 'sent' | 'failed' = 'queued') {
  const client = await fixtureClient();
  return db.message.create({
    data: {
      id: randomUUID(),
      kind: 'card_issued',
      dedupeKey: `fixture:${randomUUID()}`,
      toEmail: client.email,
      toName: client.firstName,
      subject: 'Your Referral Reward Card',
      data: { firstName: client.firstName, cardNumber: client.cardNumber, rewardPence: 20_000 },
      status,
      lastError: status === 'failed' ? '550 No such user (fixture)' : null,
      clientId: client.id,
    },
  });
}

/** A fresh one-time bank-details link for a new client (issue 17): returns its token. */
export async function fixtureBankDetailsLink(): Promise<string> {
  const client = await fixtureClient();
  const token = randomBytes(32).toString('base64url');
  await db.bankDetailsRequest.create({
    data: {
      clientId: client.id,
      tokenHash: createHash('sha256').update(token).digest('base64url'),
      expiresAt: new Date(Date.now() + 7 * 24 * 60 * 60 * 1000),
      requestedBy: 'fixture@example.com',
    },
  });
  return token;
}
