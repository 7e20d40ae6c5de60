/**
 * Issue 29, point 5: Insights' contact figures agree with the new-referrals inbox. Over one set of leads in
 * every state reception meets (waiting, tried with no answer, reached, booked, not interested, moved on to In
 * Progress or Story Started without a button pressed, paid, erased, undone), 'Still waiting' is the inbox's
 * count, and contacted plus waiting never exceeds the period's leads ('Contacted 100%' beside 'Still waiting 2'
 * was the bug).
 */
import { GET as inboxRoute } from '@/app/api/referrals/inbox/route';
import { GET as insightsRoute } from '@/app/api/insights/route';
import { db } from '@/lib/db';
import type { InsightsDto } from '@/lib/dto/insights';
import { setLeadOutcome } from '@/lib/services/inbox';
import { eraseLead } from '@/lib/services/privacy';
import { changeReferralStatus, setRewardPaid } from '@/lib/services/referrals';
import { setUpTestDatabase } from '../support/db';
import { fixtureClient, fixtureLead } from '../support/fixtures';
import { call, makeStaff } from '../support/http';

setUpTestDatabase();

const actor = { id: null, email: 'reception@clinic.test' };

async function referredLead() {
  const referrer = await fixtureClient();
  const lead = await fixtureLead(referrer.id);
  const referral = await db.referral.create({
    data: { referrerId: referrer.id, leadId: lead.id, status: 'pending', rewardPence: 20000 },
  });
  return { lead, referral };
}

async function figures(cookie: string) {
  const inbox = await call(inboxRoute, { path: '/api/referrals/inbox?limit=500', cookie });
  const insights = await call(insightsRoute, { path: '/api/insights?months=3', cookie });
  return {
    inboxTotal: Number(inbox.headers.get('x-total-count')),
    inboxIds: (inbox.body as { id: string }[]).map((l) => l.id).sort(),
    insights: insights.body as InsightsDto,
  };
}

describe("Insights' contact figures and the inbox", () => {
  it('count the same leads as waiting, and contacted plus waiting is at most the leads', async () => {
    // Insights are the owner's (a full admin); the inbox any staff member's.
    const staff = await makeStaff({ isFullAdmin: true });
    // Waiting: a new lead, a referred lead, one tried with no answer, one whose booking was undone.
    const fresh = await fixtureLead();
    const pending = await referredLead();
    const noAnswer = await fixtureLead();
    await setLeadOutcome(noAnswer.id, { outcome: 'no-answer', note: 'Voicemail' }, actor);
    const undone = await fixtureLead();
    await setLeadOutcome(undone.id, { outcome: 'booked' }, actor);
    await setLeadOutcome(undone.id, { outcome: null }, actor);
    // Not waiting: reached (contacted, booked, not interested), moved on without a button, paid, erased.
    for (const outcome of ['contacted', 'booked', 'not-interested'] as const) {
      await setLeadOutcome((await fixtureLead()).id, { outcome }, actor);
    }
    const inProgress = await referredLead();
    await changeReferralStatus(inProgress.referral.id, 'In Progress');
    const started = await referredLead();
    await changeReferralStatus(started.referral.id, 'Payment Due');
    const paid = await referredLead();
    await changeReferralStatus(paid.referral.id, 'Payment Due');
    await setRewardPaid(paid.referral.id, true, actor);
    const erased = await fixtureLead();
    await eraseLead(erased.id);

    const { inboxTotal, inboxIds, insights } = await figures(staff.cookie);
    const waitingIds = [fresh.id, pending.lead.id, noAnswer.id, undone.id].sort();
    expect(inboxIds).toEqual(waitingIds);
    expect(inboxTotal).toBe(4);
    expect(insights.contactWait.waiting).toBe(inboxTotal);
    expect(insights.funnel.leads).toBe(11);
    // Reached: three by outcome, three moved on (In Progress, Story Started, paid) without a button pressed.
    expect(insights.funnel.contacted).toBe(6);
    expect(insights.funnel.contacted + insights.contactWait.waiting).toBeLessThanOrEqual(
      insights.funnel.leads,
    );

    // One more move on: both figures follow at once.
    await changeReferralStatus(pending.referral.id, 'In Progress');
    const after = await figures(staff.cookie);
    expect(after.inboxTotal).toBe(3);
    expect(after.insights.contactWait.waiting).toBe(after.inboxTotal);
    expect(after.insights.funnel.contacted).toBe(7);
  });
});
