/**
 * Issue 34: practice records in, matches out. Every way in (an upload, the Dentally job, the integration API)
 * hands its checked records (lib/validation/practice-records.ts) to `ingestPracticeRecords`, which stores each
 * new event once (by source and event id), finds the open referrals whose friend shares the record's email,
 * phone or full name (from indexes: leads' email, phone, and lower-cased names), decides with the match engine
 * (lib/practice/match.ts) and proposes each match for staff. A referral a record was rejected for is never
 * proposed for it again: the rejected match stays, and its pair is unique.
 */
import 'server-only';
import { Prisma } from '@/lib/generated/prisma/client';
import { db } from '@/lib/db';
import {
  COMMON_NAME_LIMIT,
  matchRecord,
  nameKey,
  normaliseEmail,
  normalisePhoneForMatch,
  type RecordToMatch,
  type ReferralCandidate,
} from '@/lib/practice/match';
import { confirmHighMatches } from './decide';
import type { PracticeRecord } from '@/lib/validation/practice-records';

export type PracticeVia = 'upload' | 'dentally' | 'api';

export interface IngestCounts {
  /** Records given (after their checks). */
  received: number;
  /** Events not seen before, now stored. */
  new: number;
  /** Events already stored (the same source and event id): taken once. */
  duplicates: number;
  /** New records that matched at least one open referral. */
  matched: number;
  /** Matches proposed to staff. */
  proposed: number;
  /** Referrals started at once, by the setting "confirm high-confidence matches automatically". */
  confirmed: number;
}

interface CandidateRow extends ReferralCandidate {
  leadEmail: string | null;
}

/**
 * The open referrals (pending or In Progress) whose friend has one of these emails or phones, or one of these
 * first name and surname pairs (lower-cased by PostgreSQL on both sides, as leads_name_lower_idx has them, so a
 * capital the database's lower() treats otherwise than JavaScript's is never a miss). Each pair is looked up on
 * its own (asking for any of the first names with any of the surnames would read every "Olivia Smith" of a
 * batch's 500 first names times its 500 surnames), and only to one more open friend than COMMON_NAME_LIMIT:
 * a name that common proposes nobody by itself (lib/practice/match.ts), so its other namesakes are not read.
 * Index reads joined by UNION, never a read of every lead: the query-plan test holds it to them.
 */
export function candidatesSql(emails: string[], phones: string[], names: { first: string; last: string }[]) {
  const firsts = names.map((n) => n.first);
  const lasts = names.map((n) => n.last);
  return Prisma.sql`
    WITH "found" AS (
      SELECT "id" FROM "leads" WHERE "email" = ANY(${emails}::text[])
      UNION
      SELECT "id" FROM "leads" WHERE "phone" = ANY(${phones}::text[])
      UNION
      SELECT namesake."id"
      FROM (SELECT DISTINCT lower(n."first") AS "first", lower(n."last") AS "last"
            FROM unnest(${firsts}::text[], ${lasts}::text[]) AS n("first", "last")) AS asked
      CROSS JOIN LATERAL (
        SELECT l."id" FROM "leads" l JOIN "referrals" r ON r."leadId" = l."id"
        WHERE lower(l."lastName") = asked."last" AND lower(l."firstName") = asked."first"
          AND r."status" IN ('pending', 'In Progress') AND NOT l."isSelfReferral" AND l."erasedAt" IS NULL
        LIMIT ${COMMON_NAME_LIMIT + 1}
      ) AS namesake
    )
    SELECT r."id" AS "referralId",
      CASE r."status" WHEN 'pending' THEN 'pending' WHEN 'In Progress' THEN 'in_progress'
        ELSE 'payment_due' END AS "status",
      l."isSelfReferral", (l."erasedAt" IS NOT NULL) AS "erased",
      l."firstName", l."lastName", l."email", l."phone"
    FROM "found" f
    JOIN "leads" l ON l."id" = f."id"
    JOIN "referrals" r ON r."leadId" = l."id"
    WHERE r."status" IN ('pending', 'In Progress')`;
}

/** Stores the new records and proposes their matches, in one transaction. */
export async function ingestPracticeRecords(
  records: readonly PracticeRecord[],
  via: PracticeVia,
): Promise<IngestCounts> {
  const counts: IngestCounts = {
    received: records.length,
    new: 0,
    duplicates: 0,
    matched: 0,
    proposed: 0,
    confirmed: 0,
  };
  if (records.length === 0) return counts;
  // The same event twice in one request is one event.
  const unique = [...new Map(records.map((r) => [`${r.source}\u0000${r.externalEventId}`, r])).values()];

  const highIds: string[] = [];
  await db.$transaction(
    async (tx) => {
      const column = <T>(pick: (r: PracticeRecord) => T) => unique.map(pick);
      const stored = await tx.$queryRaw<{ id: string; source: string; externalEventId: string }[]>`
      INSERT INTO "practice_records" ("id", "source", "externalEventId", "externalPatientId", "firstName",
        "lastName", "email", "phone", "eventDate", "kind", "via")
      SELECT gen_random_uuid(), v.*, ${via}
      FROM unnest(${column((r) => r.source)}::text[], ${column((r) => r.externalEventId)}::text[],
                  ${column((r) => r.externalPatientId)}::text[], ${column((r) => r.firstName)}::text[],
                  ${column((r) => r.lastName)}::text[], ${column((r) => r.email)}::text[],
                  ${column((r) => r.phone)}::text[], ${column((r) => r.eventDate)}::date[],
                  ${column((r) => r.kind)}::practice_record_kind[])
        AS v("source", "externalEventId", "externalPatientId", "firstName", "lastName", "email", "phone",
             "eventDate", "kind")
      ON CONFLICT ("source", "externalEventId") DO NOTHING
      RETURNING "id", "source", "externalEventId"`;
      counts.new = stored.length;
      counts.duplicates = records.length - stored.length;
      if (stored.length === 0) return;

      const byKey = new Map(unique.map((r) => [`${r.source}\u0000${r.externalEventId}`, r]));
      const fresh = stored.map((s) => ({
        id: s.id,
        record: byKey.get(`${s.source}\u0000${s.externalEventId}`)!,
      }));
      const emails = [...new Set(fresh.flatMap((f) => (f.record.email ? [f.record.email] : [])))];
      const phones = [...new Set(fresh.flatMap((f) => (f.record.phone ? [f.record.phone] : [])))];
      const names = fresh.map((f) => ({ first: f.record.firstName, last: f.record.lastName }));
      const candidates = await tx.$queryRaw<CandidateRow[]>(candidatesSql(emails, phones, names));

      const proposals: { recordId: string; referralId: string; confidence: string; reasons: string[] }[] = [];
      const matchedIds: string[] = [];
      const near = nearCandidates(candidates);
      for (const { id, record } of fresh) {
        const matches = matchRecord(record, near(record));
        if (matches.length) matchedIds.push(id);
        for (const m of matches)
          proposals.push({
            recordId: id,
            referralId: m.referralId,
            confidence: m.confidence,
            reasons: m.reasons,
          });
      }
      counts.matched = matchedIds.length;
      if (proposals.length) {
        const made = await tx.$queryRaw<{ id: string; confidence: string }[]>`
        INSERT INTO "practice_matches" ("id", "recordId", "referralId", "confidence", "reasons")
        SELECT gen_random_uuid(), v."recordId", v."referralId", v."confidence",
          string_to_array(v."reasons", ',')
        FROM unnest(${proposals.map((p) => p.recordId)}::uuid[], ${proposals.map((p) => p.referralId)}::uuid[],
                    ${proposals.map((p) => p.confidence)}::practice_match_confidence[],
                    ${proposals.map((p) => p.reasons.join(','))}::text[])
          AS v("recordId", "referralId", "confidence", "reasons")
        ON CONFLICT ("recordId", "referralId") DO NOTHING
        RETURNING "id", "confidence"::text AS "confidence"`;
        counts.proposed = made.length;
        highIds.push(...made.filter((m) => m.confidence === 'high').map((m) => m.id));
        await tx.$executeRaw`UPDATE "practice_records" SET "matchedAt" = now()
        WHERE "id" = ANY(${matchedIds}::uuid[]) AND "matchedAt" IS NULL`;
      }
    },
    // A batch of 500 against a large clinic group takes a few seconds: more than Prisma's default of 5.
    { timeout: 60_000, maxWait: 10_000 },
  );
  // The clinic's setting: high-confidence matches start the story at once, each audited as automatic.
  if (highIds.length && (await autoConfirming()))
    counts.confirmed = await confirmHighMatches('automatic', highIds);
  return counts;
}

/**
 * The candidates that share a record's email, phone or full name, found by key instead of comparing each
 * record with every candidate of the batch (500 records and thousands of candidates would be millions of
 * comparisons).
 */
function nearCandidates(candidates: readonly ReferralCandidate[]) {
  const index = new Map<string, ReferralCandidate[]>();
  const order = new Map(candidates.map((c, i) => [c, i]));
  const put = (key: string | null, candidate: ReferralCandidate) => {
    if (!key) return;
    const list = index.get(key);
    if (list) list.push(candidate);
    else index.set(key, [candidate]);
  };
  const nameOf = (first: string, last: string) => {
    const f = nameKey(first);
    const l = nameKey(last);
    return f && l ? `n:${f} ${l}` : null;
  };
  for (const c of candidates) {
    const email = normaliseEmail(c.email);
    put(email && `e:${email}`, c);
    const phone = normalisePhoneForMatch(c.phone);
    put(phone && `p:${phone}`, c);
    put(nameOf(c.firstName, c.lastName), c);
  }
  return (record: RecordToMatch): ReferralCandidate[] => {
    const email = normaliseEmail(record.email);
    const phone = normalisePhoneForMatch(record.phone);
    const keys = [email && `e:${email}`, phone && `p:${phone}`, nameOf(record.firstName, record.lastName)];
    const seen = new Set<ReferralCandidate>();
    for (const key of keys) for (const c of (key && index.get(key)) || []) seen.add(c);
    // In the query's order, as matchRecord breaks ties by it.
    return [...seen].sort((a, b) => order.get(a)! - order.get(b)!);
  };
}

async function autoConfirming(): Promise<boolean> {
  const row = await db.settings.findUnique({ where: { id: 1 }, select: { autoConfirmHighMatches: true } });
  return row?.autoConfirmHighMatches ?? false;
}

/** Records that matched no referral are deleted 30 days after they arrived (issue 34, point 4). */
export const UNMATCHED_RECORD_DAYS = 30;

/** Part of the daily privacy job (lib/services/privacy.ts), in its transaction. */
export async function deleteUnmatchedRecords(
  tx: Prisma.TransactionClient,
  now: Date = new Date(),
): Promise<number> {
  const before = new Date(now.getTime() - UNMATCHED_RECORD_DAYS * 24 * 60 * 60 * 1000);
  return tx.$executeRaw`DELETE FROM "practice_records" WHERE "matchedAt" IS NULL AND "createdAt" < ${before}`;
}
