/**
 * Recording a lead (the public form or staff): the lead, its referral to a known client, and the emails it
 * sends; what the public form is told.
 */
import 'server-only';
import { randomBytes } from 'node:crypto';
import { badRequest, notFound } from '@/lib/api/errors';
import { db } from '@/lib/db';
import type { CreateLeadResult, PublicLeadResult } from '@/lib/dto/referrals';
import { Prisma } from '@/lib/generated/prisma/client';
import { MANUAL_ENTRY_SOURCE, type CreateLead } from '@/lib/validation/leads';
import { referralSelect, toReferralDto } from '@/lib/dto/referrals';
import { findReferrer, fullName, type Referrer } from '../referrers';
import { takeOrRefuse, type Limit } from '../rate-limit';
import { getSettings } from '../settings';
import { toPence } from '@/lib/money';
import type { SettingsDto } from '@/lib/dto/settings';
import { kickMessages, queueMessages, type MessageDraft } from '@/lib/messages/outbox';
import type { LeadAcknowledgementData, NewReferralData } from '@/lib/messages/templates/messages';
import { newReferralSubject, thankYouSubject } from '@/lib/messages/subjects';
import { thankYouOffer } from '@/lib/messages/thank-you';
import { TREATMENT_REQUIRED_TEXT } from '@/lib/validation/lead-texts';
import { matchTreatment } from '@/lib/offer';
import { plainFirstName } from '@/lib/validation/names';
import { inboxKey } from '@/lib/inbox-address';
import { ukDateString } from '@/lib/uk-time';
import { CLIENT_NOT_FOUND_TEXT, LEAD_RATE_LIMIT_TEXT, legacyTreatment } from './common';

/**
 * What the public form is told: the same two keys for every accepted lead, whether the email is new, was sent
 * before, belongs to a client or is the referrer's own, so the answer says nothing about anyone's data.
 * `referralId` is null only when the form named no known referrer (which the sender already knows).
 *
 * The ids are receipts (issue 28, point 6): a new lead's own ids, made just now, and for a lead already
 * recorded fresh ids of the same kind made now, never the earlier lead's. Ids are UUIDv7, which carry their
 * creation time, so the earlier ones would tell anyone with a card number that an email was referred by it,
 * and when. Staff answers (recordLead) keep the real ids.
 */
export function publicLeadResult(result: CreateLeadResult): PublicLeadResult {
  if (!result.existing) return { leadId: result.leadId, referralId: result.referralId };
  return { leadId: uuidv7(), referralId: result.referralId === null ? null : uuidv7() };
}

/** A UUIDv7 of this moment (RFC 9562: 48 bits of milliseconds, the version, 74 random bits), as Prisma makes. */
function uuidv7(): string {
  const bytes = randomBytes(16);
  bytes.writeUIntBE(Date.now(), 0, 6);
  bytes[6] = (bytes[6]! & 0x0f) | 0x70;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export interface RecordedLead {
  result: CreateLeadResult;
  /** A new lead was written (201), rather than an earlier one found (200). */
  created: boolean;
}

/**
 * Records a lead from the public form or from staff (spec section 7, POST /api/leads). A known referrer gets a
 * pending referral in the same transaction. The same email for the same referrer again finds the earlier lead
 * (re-creating its referral if an admin had deleted it) rather than writing a duplicate; concurrent submissions
 * of the same lead are serialised by an advisory lock on (referrer, email). A lead whose email is the referrer's
 * own is recorded as a self-referral: its referral is flagged for staff and can never earn a reward (Story
 * Started refuses it), and it is made like any other, so the public answer cannot tell the two apart.
 */
export async function recordLead(
  input: CreateLead,
  {
    withReferral,
    countAs,
  }: {
    withReferral: boolean;
    /**
     * A rate limit the lead counts under, checked and recorded atomically in the lead's own transaction (one
     * commit, not two): 429 (and nothing written) when it is used up.
     */
    countAs?: Limit;
  },
): Promise<RecordedLead> {
  const [referrer, settings] = await Promise.all([
    input.referrerId ? findReferrer(input.referrerId) : null,
    getSettings(),
  ]);
  if (input.source === MANUAL_ENTRY_SOURCE && !referrer) throw notFound(CLIENT_NOT_FOUND_TEXT);
  // The treatment as the clinic lists it now (Settings → Offer, issue 29): the lead keeps that label.
  const treatment = matchTreatment(input.treatmentInterest, settings.treatmentOptions);
  if (input.treatmentInterest && !treatment) {
    throw badRequest(TREATMENT_REQUIRED_TEXT, {
      fieldErrors: { treatmentInterest: [TREATMENT_REQUIRED_TEXT] },
    });
  }
  input = { ...input, treatmentInterest: treatment };
  const isSelfReferral = referrer !== null && referrer.email === input.email;
  // The reward the card promises now is the referral's reward, whatever the setting says later; a
  // self-referral earns nothing, so it is promised nothing.
  const rewardPence = referrer && !isSelfReferral ? toPence(settings.referralRewardAmount) : null;
  const messages = (leadId: string, isNew: boolean) =>
    leadMessages(leadId, isNew, input, referrer, isSelfReferral, settings);

  let written;
  try {
    written = await writeLead(input, referrer, isSelfReferral, rewardPence, messages, countAs);
  } catch (error) {
    // The referrer was deleted while this lead was on its way: it is now a lead of an unknown card.
    if (error instanceof ReferrerDeleted) return recordLead(input, { withReferral, countAs });
    throw error;
  }
  const { leadId, referralId, created, restored, queued } = written;
  if (queued) kickMessages();

  const result: CreateLeadResult = { leadId, referralId: referralId ?? null };
  if (!created) result.existing = true;
  if (restored) result.restored = true;
  if (isSelfReferral) result.selfReferral = true;
  if (withReferral && referralId) {
    const row = await db.referral.findUnique({ where: { id: referralId }, select: referralSelect });
    if (row) result.referral = toReferralDto(row);
  }
  return { result, created };
}

class ReferrerDeleted extends Error {}

/**
 * Waits for a deletion of the client under way (it holds their row until it commits) and says whether the
 * client is still there: a deleted client gets no new lead or referral (issue 14, point 7).
 */
export async function referrerStillThere(tx: Prisma.TransactionClient, id: string): Promise<boolean> {
  const rows = await tx.$queryRaw<{ id: string }[]>`
    SELECT "id" FROM "clients" WHERE "id" = ${id}::uuid AND "deletedAt" IS NULL FOR KEY SHARE`;
  return rows.length > 0;
}

function writeLead(
  input: CreateLead,
  referrer: Referrer | null,
  isSelfReferral: boolean,
  rewardPence: number | null,
  messages: (leadId: string, isNew: boolean) => MessageDraft[],
  countAs: Limit | undefined,
) {
  return db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`lead:${referrer?.id ?? '-'}:${input.email}`}))`;
    if (referrer && !(await referrerStillThere(tx, referrer.id))) throw new ReferrerDeleted();
    const existing = await tx.lead.findFirst({
      where: { referrerId: referrer?.id ?? null, email: input.email },
      select: {
        id: true,
        referrals: { select: { id: true }, where: { referrerId: referrer?.id } },
      },
      orderBy: { createdAt: 'asc' },
    });
    const lead =
      existing ??
      (await tx.lead.create({
        data: {
          firstName: input.firstName,
          lastName: input.lastName,
          email: input.email,
          phone: input.phone ?? null,
          // The label chosen, and for the spec's four also the old value older readers know.
          treatmentLabel: input.treatmentInterest ?? null,
          treatmentInterest: legacyTreatment(input.treatmentInterest),
          source: input.source,
          recommendedBy: referrer ? fullName(referrer) : (input.recommendedBy ?? null),
          referrerId: referrer?.id ?? null,
          isSelfReferral,
          // A card number that matched no client is kept, for staff to attach the right one.
          enteredCardNumber: !referrer && input.referrerId ? input.referrerId.toUpperCase() : null,
          cardNotFound: !referrer && Boolean(input.referrerId),
          marketingConsent: input.marketingConsent,
          marketingConsentAt: new Date(),
        },
        select: { id: true }, // a new lead has no referral yet: nothing more to read back
      }));
    let referralId = existing?.referrals[0]?.id;
    let restored = false;
    if (referrer && !referralId) {
      referralId = (
        await tx.referral.create({
          data: { referrerId: referrer.id, leadId: lead.id, status: 'pending', rewardPence },
          select: { id: true },
        })
      ).id;
      // A known lead whose referral an admin had deleted: the referral is new again.
      restored = Boolean(existing);
    }
    // The clinic is told, and the friend thanked, in the lead's own transaction (the outbox). A lead sent again
    // queues its thank-you too (the outbox keeps one a day per inbox), so a repeat does a new lead's writes.
    const queued = (await queueMessages(tx, messages(lead.id, !existing))).length;
    // Counted last, so the limit's lock on the address is held only until this commit (rate-limit.ts); a
    // refusal rolls the whole lead back.
    if (countAs) await takeOrRefuse([countAs], LEAD_RATE_LIMIT_TEXT, { tx });
    return { leadId: lead.id, referralId, created: !existing, restored, queued };
  });
}

/**
 * The messages a lead causes (issue 17): for a new lead, 'new referral' to the clinic's email (when the profile
 * has one); and, for the public form, new or sent again, the acknowledgement to the friend.
 *
 * The acknowledgement goes to whatever address a stranger typed, from the clinic's own server (issue 28,
 * point 7), so it repeats nothing they typed beyond a plain first name (else it says 'Hello,'), and it goes
 * once a day per inbox: its key is the UK day and the inbox (plus-tags and Gmail's dots are one), unique in
 * the outbox, so even simultaneous leads for one address queue one. Its other texts are the clinic's own.
 */
function leadMessages(
  leadId: string,
  isNew: boolean,
  input: CreateLead,
  referrer: Referrer | null,
  isSelfReferral: boolean,
  settings: SettingsDto,
): MessageDraft[] {
  const friendName = `${input.firstName} ${input.lastName}`.trim();
  const manual = input.source === MANUAL_ENTRY_SOURCE;
  const drafts: MessageDraft[] = [];
  if (isNew && settings.clinicEmail) {
    const data: NewReferralData = {
      friendName,
      phone: input.phone ?? null,
      email: input.email,
      treatment: input.treatmentInterest ?? null,
      referrerName: referrer ? fullName(referrer) : null,
      referrerCardNumber: referrer?.cardNumber ?? null,
      recommendedBy: referrer ? null : (input.recommendedBy ?? null),
      unmatchedCardNumber: !referrer && input.referrerId ? input.referrerId.toUpperCase() : null,
      selfReferral: isSelfReferral,
      manual,
    };
    drafts.push({
      kind: 'new-referral',
      event: leadId,
      to: settings.clinicEmail,
      toName: settings.clinicName,
      subject: newReferralSubject(friendName, settings.clinicName),
      data: { ...data },
      leadId,
    });
  }
  if (!manual && input.email) {
    const firstName = plainFirstName(input.firstName);
    // The offer the form promised, in the clinic's words, repeated in the thank-you (issue 29, point 11).
    const data: LeadAcknowledgementData = { firstName, offer: thankYouOffer(settings) };
    drafts.push({
      kind: 'lead-acknowledgement',
      event: ukDateString(new Date()),
      to: input.email,
      recipientKey: inboxKey(input.email),
      toName: firstName,
      subject: thankYouSubject(settings.clinicName),
      data: { ...data },
      leadId,
    });
  }
  return drafts;
}
