/**
 * The load: workers that each play a friend posting the public form and then staff taking that referral
 * through its money steps (story started, paid, sometimes undone and paid again), one request at a time.
 *
 * Every request answered 2xx goes into the ledger as what it claims (the lead and its referral exist, the
 * reward is paid or not, one more audit entry of that kind). A request that got no answer because the server
 * died mid-way is "in doubt": it may have committed or not, and the checks accept either but nothing between.
 * A worker leaves a referral alone after a request in doubt, so its ledger entry stays exactly checkable.
 */
import { call, type Outcome, type SeededClient, type Session } from './http';

export interface LeadRecord {
  leadId: string;
  referralId: string | null;
  email: string;
  clientId: string;
}

export type MoneyStep = 'start' | 'pay' | 'undo';

export interface ReferralRecord {
  id: string;
  leadId: string;
  clientId: string;
  /** PATCH to 'Payment Due' acknowledged. */
  started: boolean;
  /** The paid flag after the last acknowledged payment or undo. */
  paid: boolean;
  /** Acknowledged payment_marked / payment_undone answers: each promises one audit entry. */
  marks: number;
  undos: number;
  /** A step sent after the last acknowledgement that got no answer: it may or may not have happened. */
  doubt: MoneyStep | null;
}

export interface RoundStats {
  sent: number;
  acknowledged: number;
  /** No answer: the server died with the request in flight (or before the answer fully arrived). */
  inFlight: number;
  /** No answer because nothing was listening any more (ECONNREFUSED): certainly not carried out. */
  unsent: number;
  /** Answered, but not 2xx, by status: not expected from this load, so each one is reported. */
  refused: Record<string, number>;
}

export interface Ledger {
  clients: SeededClient[];
  leads: Map<string, LeadRecord>;
  referrals: Map<string, ReferralRecord>;
  /** Lead posts in doubt: the form was sent, no answer came. */
  doubtfulLeads: Set<string>;
  /** Lead posts that certainly were not carried out (refused connection, or found absent after a restart). */
  absentLeads: Set<string>;
}

export function newLedger(clients: SeededClient[]): Ledger {
  return {
    clients,
    leads: new Map(),
    referrals: new Map(),
    doubtfulLeads: new Set(),
    absentLeads: new Set(),
  };
}

export function emptyStats(): RoundStats {
  return { sent: 0, acknowledged: 0, inFlight: 0, unsent: 0, refused: {} };
}

interface LeadAnswer {
  leadId: string;
  referralId?: string;
}

interface PaymentAnswer {
  referral: { id: string; paid: boolean };
  auditEntry: { action: 'payment_marked' | 'payment_undone' };
}

export interface LoadContext {
  ledger: Ledger;
  stats: RoundStats;
  /** The public form is posted signed out, as a friend posts it; staff steps carry the admin's cookie. */
  visitor: Session;
  staff: Session;
  random: () => number;
  /** Emails unique across the run (rounds and workers). */
  tag: string;
  /** Set by the runner at the kill (or at the end of the round): finish the request in hand, then stop. */
  stopped: () => boolean;
}

/** Counts the outcome; true when it is an acknowledgement. */
function tally<T>(stats: RoundStats, outcome: Outcome<T>): outcome is Extract<Outcome<T>, { kind: 'ok' }> {
  stats.sent++;
  if (outcome.kind === 'ok') stats.acknowledged++;
  else if (outcome.kind === 'refused') {
    const key = `${outcome.status} ${outcome.message}`;
    stats.refused[key] = (stats.refused[key] ?? 0) + 1;
  } else if (outcome.error === 'ECONNREFUSED') stats.unsent++;
  else stats.inFlight++;
  return outcome.kind === 'ok';
}

/** Only a refused connection proves that nothing happened; any other failure leaves the request in doubt. */
const certainlyNotDone = (outcome: Outcome<unknown>) =>
  outcome.kind === 'no-answer' && outcome.error === 'ECONNREFUSED';

async function postLead(ctx: LoadContext, worker: number, n: number): Promise<ReferralRecord | null> {
  const client = ctx.ledger.clients[Math.floor(ctx.random() * ctx.ledger.clients.length)]!;
  const email = `lead-${ctx.tag}-w${worker}-${n}@example.com`;
  const outcome = await call<LeadAnswer>(ctx.visitor, 'POST', '/api/leads', {
    firstName: 'Chaos',
    lastName: 'Friend',
    email,
    phone: '07123 456789',
    treatmentInterest: 'improve-my-smile',
    referrerId: client.cardNumber,
  });
  if (!tally(ctx.stats, outcome)) {
    // A 4xx answer writes nothing by the API's contract, but the check need not trust that: keep it in doubt.
    if (certainlyNotDone(outcome)) ctx.ledger.absentLeads.add(email);
    else ctx.ledger.doubtfulLeads.add(email);
    return null;
  }
  const { leadId, referralId = null } = outcome.body;
  ctx.ledger.leads.set(leadId, { leadId, referralId, email, clientId: client.id });
  if (!referralId) return null; // a known card number must give a referral: the check reports its absence
  const record: ReferralRecord = {
    id: referralId,
    leadId,
    clientId: client.id,
    started: false,
    paid: false,
    marks: 0,
    undos: 0,
    doubt: null,
  };
  ctx.ledger.referrals.set(referralId, record);
  return record;
}

/** One money step on a referral; false when it was not acknowledged (the worker then leaves it alone). */
async function step(ctx: LoadContext, record: ReferralRecord, what: MoneyStep): Promise<boolean> {
  const path = `/api/referrals/${record.id}`;
  record.doubt = what;
  const outcome =
    what === 'start'
      ? await call<unknown>(ctx.staff, 'PATCH', path, { status: 'Payment Due' })
      : await call<PaymentAnswer>(ctx.staff, what === 'pay' ? 'POST' : 'DELETE', `${path}/payment`);
  if (!tally(ctx.stats, outcome)) {
    if (certainlyNotDone(outcome)) record.doubt = null;
    return false;
  }
  record.doubt = null;
  if (what === 'start') record.started = true;
  else if (what === 'pay') {
    record.paid = true;
    record.marks++;
  } else {
    record.paid = false;
    record.undos++;
  }
  return true;
}

async function worker(ctx: LoadContext, index: number): Promise<void> {
  for (let n = 0; !ctx.stopped(); n++) {
    const record = await postLead(ctx, index, n);
    // Most referrals go on to the money steps; some stay pending, as in real life.
    if (!record || ctx.stopped() || ctx.random() < 0.2) continue;
    if (!(await step(ctx, record, 'start'))) continue;
    // Pay; then sometimes undo (full admin), and sometimes pay again after an undo.
    let next: MoneyStep = 'pay';
    while (!ctx.stopped() && (await step(ctx, record, next))) {
      const goOn = next === 'pay' ? ctx.random() < 0.35 : ctx.random() < 0.6;
      if (!goOn) break;
      next = next === 'pay' ? 'undo' : 'pay';
    }
  }
}

/** Runs `workers` workers until ctx.stopped() says so, and each has its answer (or its failure) in hand. */
export async function runLoad(ctx: LoadContext, workers: number): Promise<void> {
  await Promise.all(Array.from({ length: workers }, (_, i) => worker(ctx, i)));
}
