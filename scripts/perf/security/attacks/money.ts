/**
 * Issue 28, points 1, 2 and 5, against the real server: a member of staff swaps a client's bank details while a
 * full admin approves the earlier ones (one after the other, then at the same moment); staff try to owe a reward
 * of £5,000; and staff send twenty bank-details emails to one client at once.
 */
import { signIn, type Session } from '../../chaos/http';
import { check, request, tally, type AttackContext } from '../support';

const JANE = { sortCode: '12-34-56', accountNumber: '12345678', accountName: 'Jane Money' };
const MALLORY = { sortCode: '65-43-21', accountNumber: '87654321', accountName: 'M Allory' };
const RACE_ROUNDS = 8;

export default async function attack(ctx: AttackContext): Promise<void> {
  const admin = ctx.adminSession;
  const staff = await newStaff(ctx.base, admin);
  await approvalAfterSwap(ctx.base, admin, staff);
  await approvalRace(ctx.base, admin, staff);
  await staffReward(ctx.base, staff);
  await requestBurst(ctx.base, staff);
}

type Answer = Awaited<ReturnType<typeof request>>;
const json = (res: Answer): Record<string, unknown> => {
  try {
    return JSON.parse(res.text) as Record<string, unknown>;
  } catch {
    return {};
  }
};

function call(base: string, session: Session, method: string, path: string, body?: unknown) {
  return request(`${base}${path}`, { method, headers: { Cookie: session.cookie! }, body });
}

async function newStaff(base: string, admin: Session): Promise<Session> {
  const email = `money-staff-${Date.now()}@clinic.test`;
  const password = 'Money-staff-password-1';
  const res = await call(base, admin, 'POST', '/api/admin/users', { email, password, isFullAdmin: false });
  if (res.status !== 201 && res.status !== 200)
    throw new Error(`adding staff failed: ${res.status} ${res.text}`);
  return signIn(base, { email, password });
}

let clients = 0;
async function newClient(base: string, admin: Session): Promise<string> {
  clients += 1;
  const res = await call(base, admin, 'POST', '/api/admin/clients', {
    firstName: 'Money',
    lastName: `Target${clients}`,
    email: `money-target-${Date.now()}-${clients}@example.com`,
  });
  if (res.status !== 201) throw new Error(`adding a client failed: ${res.status} ${res.text}`);
  return json(res).id as string;
}

/** A referral of the client whose story staff start at the fixed reward: owed now. */
async function owedReferral(base: string, staff: Session, clientId: string): Promise<string> {
  const lead = await call(base, staff, 'POST', '/api/leads', {
    firstName: 'Friend',
    lastName: `Of${clientId.slice(-6)}`,
    email: `money-friend-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`,
    source: 'Manual Entry',
    referrerId: clientId,
  });
  const referralId = json(lead).referralId as string;
  const started = await call(base, staff, 'PATCH', `/api/referrals/${referralId}`, { status: 'Payment Due' });
  if (started.status !== 200) throw new Error(`Story Started failed: ${started.status} ${started.text}`);
  return referralId;
}

const heldChange = async (base: string, admin: Session, clientId: string) =>
  json(await call(base, admin, 'GET', `/api/clients/${clientId}?referrals=false`));

/** Point 1: a staff change lands between the admin reading the held change and approving it. */
async function approvalAfterSwap(base: string, admin: Session, staff: Session): Promise<void> {
  const clientId = await newClient(base, admin);
  const referralId = await owedReferral(base, staff, clientId);
  await call(base, staff, 'PATCH', `/api/admin/clients/${clientId}`, JANE);
  const seen = (await heldChange(base, admin, clientId)).bankDetailsChangeId as string;
  await call(base, staff, 'PATCH', `/api/admin/clients/${clientId}`, MALLORY);
  const approval = await call(base, admin, 'POST', `/api/admin/clients/${clientId}/bank-details/approve`, {
    changeId: seen,
  });
  const pending = (json(approval).pending ?? {}) as Record<string, unknown>;
  const payment = await call(base, admin, 'POST', `/api/referrals/${referralId}/payment`);
  const unnamed = await call(base, admin, 'POST', `/api/admin/clients/${clientId}/bank-details/approve`, {});
  check(
    'approval of a replaced bank-details change',
    approval.status === 409 &&
      pending.accountNumber === '****4321' &&
      !approval.text.includes(MALLORY.accountNumber) &&
      payment.status === 409 &&
      unnamed.status === 400,
    `approving the change the admin saw after staff swapped the account: ${approval.status} ` +
      `(newer details ${String(pending.sortCode)} / ${String(pending.accountNumber)}); paying then: ` +
      `${payment.status}; an approval naming no change: ${unnamed.status}`,
  );
}

/** Point 1 at the same moment: the swap and the approval sent together, several times. */
async function approvalRace(base: string, admin: Session, staff: Session): Promise<void> {
  const outcomes: number[] = [];
  let paidToSwapped = 0;
  for (let round = 0; round < RACE_ROUNDS; round++) {
    const clientId = await newClient(base, admin);
    const referralId = await owedReferral(base, staff, clientId);
    await call(base, staff, 'PATCH', `/api/admin/clients/${clientId}`, JANE);
    const seen = (await heldChange(base, admin, clientId)).bankDetailsChangeId as string;
    const [, approval] = await Promise.all([
      call(base, staff, 'PATCH', `/api/admin/clients/${clientId}`, MALLORY),
      call(base, admin, 'POST', `/api/admin/clients/${clientId}/bank-details/approve`, { changeId: seen }),
    ]);
    outcomes.push(approval.status);
    const paid = await call(base, admin, 'POST', `/api/referrals/${referralId}/payment`);
    if (paid.status === 200) paidToSwapped += 1;
  }
  check(
    'bank-details swap raced against an approval',
    paidToSwapped === 0,
    `${RACE_ROUNDS} rounds, approvals answered ${tally(outcomes)}; payments to the swapped-in account ` +
      `before its own approval: ${paidToSwapped}`,
  );
}

/** Point 2: staff owe a reward of their choosing. */
async function staffReward(base: string, staff: Session): Promise<void> {
  const lead = await call(base, staff, 'POST', '/api/leads', {
    firstName: 'Reward',
    lastName: 'Attempt',
    email: `money-reward-${Date.now()}@example.com`,
    source: 'Manual Entry',
    referrerId: await newClientAsStaff(base, staff),
  });
  const referralId = json(lead).referralId as string;
  const attempt = await call(base, staff, 'PATCH', `/api/referrals/${referralId}`, {
    status: 'Payment Due',
    rewardAmount: 5000,
  });
  const fixed = await call(base, staff, 'PATCH', `/api/referrals/${referralId}`, { status: 'Payment Due' });
  const owed = json(fixed).rewardAmount;
  check(
    'staff setting a £5,000 reward',
    attempt.status === 403 && fixed.status === 200 && owed !== 5000,
    `PATCH { status: 'Payment Due', rewardAmount: 5000 } from a staff session: ${attempt.status}; ` +
      `the story started afterwards owes £${String(owed)}`,
  );
}

async function newClientAsStaff(base: string, staff: Session): Promise<string> {
  const res = await call(base, staff, 'POST', '/api/admin/clients', {
    firstName: 'Reward',
    lastName: 'Owner',
    email: `money-owner-${Date.now()}@example.com`,
  });
  return json(res).id as string;
}

/** Point 5: twenty bank-details emails to one client at once; switching off withdraws the link. */
async function requestBurst(base: string, staff: Session): Promise<void> {
  const clientId = await newClientAsStaff(base, staff);
  const results = await Promise.all(
    Array.from({ length: 20 }, () =>
      call(base, staff, 'PATCH', `/api/admin/clients/${clientId}`, { bacsRequested: true }),
    ),
  );
  const statuses = results.map((r) => r.status);
  const sent = statuses.filter((s) => s === 200).length;
  check(
    'twenty bank-details emails at once',
    sent === 1 && statuses.every((s) => s === 200 || s === 429),
    `20 simultaneous 'Request BACS Details' for one client: ${tally(statuses)}`,
  );
}
