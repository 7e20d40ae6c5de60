/**
 * After each restart: what the database holds, read directly with SQL (not through the app, which could hide
 * a half-done row), against the ledger of what the app acknowledged.
 *
 * Two kinds of checks:
 *  - durability: everything acknowledged 2xx is there, exactly as acknowledged (a request in doubt may have
 *    gone either way, and nothing else);
 *  - atomicity, over every row (acknowledged or not): no referral without its lead, no lead from a known
 *    referrer without its referral, no paid flag without its audit entry (or the reverse), audit entries that
 *    alternate paid/undone, counts kept by triggers that match the rows.
 * A request in doubt is settled by what this finds, so the next round's checks hold it to that exactly.
 */
import pg from 'pg';
import type { Ledger, MoneyStep } from './load';

export interface InDoubtTally {
  /** Requests in flight at the kill, by kind, and how many of them turned out to have committed. */
  [kind: string]: { total: number; committed: number };
}

export interface Verification {
  checks: number;
  violations: string[];
  inDoubt: InDoubtTally;
  totals: { leads: number; referrals: number; paid: number; auditEntries: number };
}

interface ReferralRow {
  id: string;
  leadId: string;
  referrerId: string;
  status: string;
  rewardPaid: boolean;
  paidAt: Date | null;
  leadExists: boolean;
}

interface AuditRow {
  referralId: string | null;
  clientId: string | null;
  action: 'payment_marked' | 'payment_undone';
}

class Checker {
  checks = 0;
  violations: string[] = [];
  /** Records one check; `problem` is the violation's text when it failed. */
  check(ok: boolean, problem: () => string): void {
    this.checks++;
    if (!ok) this.violations.push(problem());
  }
}

export async function verify(connectionString: string, ledger: Ledger): Promise<Verification> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    // One snapshot for every query, so the checks compare rows as of one moment.
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const referrals = (
      await client.query<ReferralRow>(
        `SELECT r."id", r."leadId", r."referrerId", r."status"::text AS "status", r."rewardPaid", r."paidAt",
                (l."id" IS NOT NULL) AS "leadExists"
           FROM "referrals" r LEFT JOIN "leads" l ON l."id" = r."leadId"`,
      )
    ).rows;
    const audit = (
      await client.query<AuditRow>(
        `SELECT "referralId", "clientId", "action"::text AS "action" FROM "payment_audit_entries"
          ORDER BY "referralId", "createdAt", "id"`,
      )
    ).rows;
    const leads = (
      await client.query<{ id: string; email: string; hasReferral: boolean; needsReferral: boolean }>(
        `SELECT l."id", l."email",
                EXISTS (SELECT 1 FROM "referrals" r WHERE r."leadId" = l."id") AS "hasReferral",
                (l."referrerId" IS NOT NULL AND NOT l."isSelfReferral") AS "needsReferral"
           FROM "leads" l`,
      )
    ).rows;
    const clients = (
      await client.query<{ id: string; kept: number; actual: number }>(
        `SELECT c."id", c."referralCount" AS "kept",
                (SELECT count(*)::int FROM "referrals" r WHERE r."referrerId" = c."id") AS "actual"
           FROM "clients" c`,
      )
    ).rows;
    const clientTotal = await client.query<{ kept: string | null; actual: number }>(
      `SELECT (SELECT "count"::text FROM "row_counts" WHERE "name" = 'clients') AS "kept",
              (SELECT count(*)::int FROM "clients" WHERE "deletedAt" IS NULL) AS "actual"`,
    );
    await client.query('COMMIT');

    const c = new Checker();
    const inDoubt: InDoubtTally = {};
    const settle = (kind: string, committed: boolean) => {
      const t = (inDoubt[kind] ??= { total: 0, committed: 0 });
      t.total++;
      if (committed) t.committed++;
    };

    const referralById = new Map(referrals.map((r) => [r.id, r]));
    const leadById = new Map(leads.map((l) => [l.id, l]));
    const leadByEmail = new Map(leads.map((l) => [l.email, l]));
    const auditByReferral = new Map<string, AuditRow[]>();
    for (const a of audit) {
      if (a.referralId) auditByReferral.set(a.referralId, [...(auditByReferral.get(a.referralId) ?? []), a]);
    }
    const countOf = (id: string, action: AuditRow['action']) =>
      (auditByReferral.get(id) ?? []).filter((a) => a.action === action).length;

    // --- Durability: every acknowledged client, lead and referral, as acknowledged. ---
    const clientIds = new Set(clients.map((x) => x.id));
    for (const seeded of ledger.clients) {
      c.check(clientIds.has(seeded.id), () => `acknowledged client ${seeded.id} is missing`);
    }
    for (const lead of ledger.leads.values()) {
      c.check(leadById.has(lead.leadId), () => `acknowledged lead ${lead.leadId} (${lead.email}) is missing`);
      c.check(lead.referralId !== null && referralById.get(lead.referralId)?.leadId === lead.leadId, () =>
        lead.referralId === null
          ? `lead ${lead.leadId} from a known card number was answered without a referral`
          : `acknowledged referral ${lead.referralId} of lead ${lead.leadId} is missing`,
      );
    }
    for (const email of ledger.doubtfulLeads) {
      const found = leadByEmail.get(email);
      settle('lead post', found !== undefined);
      // Settled: from now on it must stay as found (present with its referral, or absent).
      ledger.doubtfulLeads.delete(email);
      if (!found) {
        ledger.absentLeads.add(email);
        continue;
      }
      const referral = referrals.find((r) => r.leadId === found.id);
      ledger.leads.set(found.id, {
        leadId: found.id,
        referralId: referral?.id ?? null,
        email,
        clientId: referral?.referrerId ?? '',
      });
      if (referral) {
        ledger.referrals.set(referral.id, {
          id: referral.id,
          leadId: found.id,
          clientId: referral.referrerId,
          started: false,
          paid: false,
          marks: 0,
          undos: 0,
          doubt: null,
        });
      }
    }
    for (const email of ledger.absentLeads) {
      c.check(!leadByEmail.has(email), () => `lead ${email} was never written, yet it is in the database`);
    }

    for (const rec of ledger.referrals.values()) {
      const row = referralById.get(rec.id);
      c.check(row !== undefined, () => `acknowledged referral ${rec.id} is missing`);
      if (!row) continue;
      c.check(row.leadExists, () => `referral ${rec.id} has no lead`);
      const marks = countOf(rec.id, 'payment_marked');
      const undos = countOf(rec.id, 'payment_undone');
      const doubt: MoneyStep | null = rec.doubt;

      const startedNow = row.status === 'Payment Due';
      const startedOk =
        doubt === 'start' ? startedNow || row.status === 'pending' : startedNow === rec.started;
      c.check(
        startedOk,
        () =>
          `referral ${rec.id}: status ${row.status}, but the acknowledged status is ${rec.started ? 'Payment Due' : 'pending'}`,
      );

      const paidOk = doubt === 'pay' || doubt === 'undo' ? true : row.rewardPaid === rec.paid; // either way when in doubt
      c.check(
        paidOk,
        () =>
          `referral ${rec.id}: paid=${row.rewardPaid}, but the last acknowledged answer says paid=${rec.paid}`,
      );
      const extraMark = doubt === 'pay' ? 1 : 0;
      const extraUndo = doubt === 'undo' ? 1 : 0;
      c.check(
        marks >= rec.marks &&
          marks <= rec.marks + extraMark &&
          undos >= rec.undos &&
          undos <= rec.undos + extraUndo,
        () =>
          `referral ${rec.id}: ${marks} payment_marked / ${undos} payment_undone entries, but ${rec.marks} / ${rec.undos} were acknowledged` +
          (doubt ? ` (one '${doubt}' in doubt)` : ''),
      );

      if (doubt) {
        const committed =
          doubt === 'start' ? startedNow : doubt === 'pay' ? marks > rec.marks : undos > rec.undos;
        settle(doubt === 'start' ? 'story started' : doubt === 'pay' ? 'payment' : 'payment undo', committed);
        // Settle the record to what is there now; the next round holds it to exactly that.
        rec.doubt = null;
        rec.started = startedNow;
        rec.paid = row.rewardPaid;
        rec.marks = marks;
        rec.undos = undos;
      }
    }

    // --- Atomicity: over every row, acknowledged or not. ---
    for (const row of referrals) {
      c.check(row.leadExists, () => `referral ${row.id} points at lead ${row.leadId}, which does not exist`);
      const entries = auditByReferral.get(row.id) ?? [];
      // Entries alternate marked, undone, marked, ... starting with marked; the balance is the paid flag.
      const alternates = entries.every(
        (e, i) => e.action === (i % 2 === 0 ? 'payment_marked' : 'payment_undone'),
      );
      const balance = entries.length % 2;
      c.check(
        alternates && balance === (row.rewardPaid ? 1 : 0),
        () =>
          `referral ${row.id}: paid=${row.rewardPaid} but its audit entries are [${entries.map((e) => e.action).join(', ')}]` +
          (row.rewardPaid
            ? ' (a payment without its audit entry?)'
            : ' (an audit entry without its payment?)'),
      );
      c.check(
        row.rewardPaid ? row.status === 'Payment Due' && row.paidAt !== null : row.paidAt === null,
        () =>
          `referral ${row.id}: paid=${row.rewardPaid}, status ${row.status}, paidAt ${row.paidAt?.toISOString() ?? 'null'}`,
      );
      c.check(
        entries.every((e) => e.clientId === row.referrerId),
        () => `referral ${row.id}: an audit entry names another client than its referrer`,
      );
    }
    for (const entry of audit) {
      c.check(
        entry.referralId !== null && referralById.has(entry.referralId),
        () =>
          `audit entry ${entry.action} for referral ${entry.referralId}, which does not exist (nothing here deletes referrals)`,
      );
    }
    for (const lead of leads) {
      c.check(
        !lead.needsReferral || lead.hasReferral,
        () =>
          `lead ${lead.id} (${lead.email}) came from a known referrer but has no referral (half a transaction)`,
      );
    }
    for (const x of clients) {
      c.check(
        x.kept === x.actual,
        () =>
          `client ${x.id}: referralCount ${x.kept}, but ${x.actual} referrals name it (trigger count drifted)`,
      );
    }
    const total = clientTotal.rows[0];
    c.check(
      total !== undefined && Number(total.kept) === total.actual,
      () => `row_counts says ${total?.kept} clients, the table holds ${total?.actual}`,
    );

    return {
      checks: c.checks,
      violations: c.violations,
      inDoubt,
      totals: {
        leads: leads.length,
        referrals: referrals.length,
        paid: referrals.filter((r) => r.rewardPaid).length,
        auditEntries: audit.length,
      },
    };
  } finally {
    await client.end();
  }
}

/** The settings that decide whether a committed transaction survives a crash, for the report. */
export async function durabilitySettings(connectionString: string): Promise<string> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    const names = ['fsync', 'synchronous_commit', 'full_page_writes', 'wal_sync_method'];
    const values: string[] = [];
    for (const name of names) {
      const { rows } = await client.query<Record<string, string>>(`SHOW ${name}`);
      values.push(`${name}=${rows[0]?.[name] ?? '?'}`);
    }
    return values.join(', ');
  } finally {
    await client.end();
  }
}
