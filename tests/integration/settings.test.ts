import { GET, PATCH } from '@/app/api/settings/route';
import { db } from '@/lib/db';
import { DEFAULT_OFFER } from '@/lib/offer';
import { setUpTestDatabase } from '../support/db';
import { call, makeStaff } from '../support/http';

setUpTestDatabase();

/** The clinic profile before anything is set (issue 16). */
const EMPTY_PROFILE = {
  clinicName: null,
  clinicEmail: null,
  clinicPhone: null,
  clinicAddress: null,
  clinicWebsite: null,
  brandColour: null,
  privacyNoticeUrl: null,
  logoUrl: null,
  leadRetentionMonths: 24,
  // Issue 17: every kind of message is on until the clinic turns one off.
  messageKindsOff: [],
  // Issue 29: the 'reward paid' email waits 10 minutes for an undo.
  paidEmailDelayMinutes: 10,
  // Issue 33: no soft opt-in recorded; card emails to imported clients at 500 an hour.
  softOptInReliedOnAt: null,
  softOptInReliedOnBy: null,
  cardSendsPerHour: 500,
  // Issue 34: high-confidence practice matches wait for staff until a full admin switches this on.
  autoConfirmHighMatches: false,
  // Issue 29: the offer in the clinic's words, the spec's texts until the clinic changes them.
  ...DEFAULT_OFFER,
  treatmentOptions: [...DEFAULT_OFFER.treatmentOptions],
};

describe('GET /api/settings', () => {
  it('answers 401 signed out', async () => {
    expect((await call(GET)).status).toBe(401);
  });

  it("gives any signed-in staff member the spec's defaults: £200 reward, £10 team bonus", async () => {
    const staff = await makeStaff();
    const res = await call(GET, { cookie: staff.cookie });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      referralRewardAmount: 200,
      teamBonusAmount: 10,
      offerLink: null,
      googleReviewLink: null,
      trustpilotReviewLink: null,
      ...EMPTY_PROFILE,
    });
  });
});

describe('PATCH /api/settings', () => {
  const patch = (body: unknown, cookie?: string) => call(PATCH, { method: 'PATCH', body, cookie });

  it('answers 401 signed out and 403 for staff who are not full admins, changing nothing', async () => {
    expect((await patch({ referralRewardAmount: 300 })).status).toBe(401);
    const staff = await makeStaff();
    const res = await patch({ referralRewardAmount: 300 }, staff.cookie);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Only a full admin can do this.');
    expect((await call(GET, { cookie: staff.cookie })).body.referralRewardAmount).toBe(200);
  });

  it.each([
    [{ referralRewardAmount: 0 }, 'Referral reward amount must be at least £1'],
    [{ referralRewardAmount: -5 }, 'Referral reward amount must be at least £1'],
    [{ referralRewardAmount: 12.5 }, 'Referral reward amount must be a whole number of pounds'],
    [{ referralRewardAmount: '250' }, 'Referral reward amount must be a whole number of pounds'],
    [{ teamBonusAmount: null }, 'Team bonus amount must be a whole number of pounds'],
    [{ teamBonusAmount: 1e12 }, 'The team bonus cannot be more than £5,000.'],
    [
      {},
      'Nothing to update: send referralRewardAmount, teamBonusAmount, offerLink, offerEnabled, offerHeadline, offerInvitation, offerDetails, offerTerms, rewardWording, treatmentOptions, googleReviewLink, trustpilotReviewLink, clinicName, clinicEmail, clinicPhone, clinicAddress, clinicWebsite, brandColour, privacyNoticeUrl, leadRetentionMonths, paidEmailDelayMinutes, messageKindsOff, softOptInReliedOn, cardSendsPerHour or autoConfirmHighMatches',
    ],
    [{ offerLink: 'javascript:alert(1)' }, 'Enter a full web address starting with https:// (or http://)'],
    [{ offerLink: 'www.clinic.co.uk' }, 'Enter a full web address starting with https:// (or http://)'],
    [{ offerLink: 42 }, 'Enter a full web address starting with https:// (or http://)'],
    [{ offerLink: `https://clinic.co.uk/${'a'.repeat(500)}` }, 'The link must be at most 500 characters'],
  ])('answers 400 for %p and writes nothing', async (body, message) => {
    const admin = await makeStaff({ isFullAdmin: true });
    const before = await db.settings.findMany();
    const res = await patch(body, admin.cookie);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(await db.settings.findMany()).toEqual(before);
  });

  it('saves whole pounds as pence and returns the new values', async () => {
    const admin = await makeStaff({ isFullAdmin: true });
    const res = await patch({ referralRewardAmount: 250 }, admin.cookie);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      referralRewardAmount: 250,
      teamBonusAmount: 10,
      offerLink: null,
      googleReviewLink: null,
      trustpilotReviewLink: null,
      ...EMPTY_PROFILE,
    });
    const res2 = await patch({ teamBonusAmount: 15 }, admin.cookie);
    expect(res2.body).toEqual({
      referralRewardAmount: 250,
      teamBonusAmount: 15,
      offerLink: null,
      googleReviewLink: null,
      trustpilotReviewLink: null,
      ...EMPTY_PROFILE,
    });
    const row = await db.settings.findUniqueOrThrow({ where: { id: 1 } });
    expect(row).toMatchObject({ referralRewardPence: 25000, teamBonusPence: 1500, updatedBy: admin.email });
  });

  it('saves the offer link (trimmed), and clears it with a blank or null', async () => {
    const admin = await makeStaff({ isFullAdmin: true });
    const res = await patch({ offerLink: ' https://www.clinic.co.uk/offer ' }, admin.cookie);
    expect(res.status).toBe(200);
    expect(res.body.offerLink).toBe('https://www.clinic.co.uk/offer');
    expect((await db.settings.findUniqueOrThrow({ where: { id: 1 } })).offerLink).toBe(
      'https://www.clinic.co.uk/offer',
    );
    expect((await patch({ offerLink: '' }, admin.cookie)).body.offerLink).toBeNull();
    await patch({ offerLink: 'https://www.clinic.co.uk/offer' }, admin.cookie);
    expect((await patch({ offerLink: null }, admin.cookie)).body.offerLink).toBeNull();
  });

  it('does not let staff who are not full admins change the offer link', async () => {
    const staff = await makeStaff();
    expect((await patch({ offerLink: 'https://evil.example.com' }, staff.cookie)).status).toBe(403);
    expect((await db.settings.findUnique({ where: { id: 1 } }))?.offerLink ?? null).toBeNull();
  });
});

describe('PATCH /api/settings: the soft opt-in and the card emails an hour (issue 33)', () => {
  const patch = (body: unknown, cookie?: string) => call(PATCH, { method: 'PATCH', body, cookie });

  it('records who relied on the soft opt-in and when, keeps that record when saved on again, and clears both when off', async () => {
    const admin = await makeStaff({ isFullAdmin: true });
    const other = await makeStaff({ isFullAdmin: true });
    const on = await patch({ softOptInReliedOn: true }, admin.cookie);
    expect(on.status).toBe(200);
    expect(on.body.softOptInReliedOnBy).toBe(admin.email);
    const at = on.body.softOptInReliedOnAt as string;
    expect(Date.parse(at)).not.toBeNaN();
    const again = await patch({ softOptInReliedOn: true }, other.cookie);
    expect(again.body).toMatchObject({ softOptInReliedOnAt: at, softOptInReliedOnBy: admin.email });
    const off = await patch({ softOptInReliedOn: false }, other.cookie);
    expect(off.body).toMatchObject({ softOptInReliedOnAt: null, softOptInReliedOnBy: null });
    const row = await db.settings.findUniqueOrThrow({ where: { id: 1 } });
    expect(row).toMatchObject({ softOptInReliedOnAt: null, softOptInReliedOnBy: null });
  });

  it('takes 1 to 5,000 card emails an hour and refuses anything else, changing nothing', async () => {
    const admin = await makeStaff({ isFullAdmin: true });
    for (const good of [1, 5000, 750]) {
      expect((await patch({ cardSendsPerHour: good }, admin.cookie)).body.cardSendsPerHour).toBe(good);
    }
    for (const bad of [0, 5001, 2.5, '100', null, -1]) {
      const res = await patch({ cardSendsPerHour: bad }, admin.cookie);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Send a whole number of card emails an hour from 1 to 5,000');
    }
    expect((await patch({ softOptInReliedOn: 'yes' }, admin.cookie)).status).toBe(400);
    expect((await db.settings.findUniqueOrThrow({ where: { id: 1 } })).cardSendsPerHour).toBe(750);
  });

  it('switches automatic confirmation of high-confidence practice matches on and off (full admins only)', async () => {
    const admin = await makeStaff({ isFullAdmin: true });
    const staff = await makeStaff();
    expect((await patch({ autoConfirmHighMatches: true }, staff.cookie)).status).toBe(403);
    const on = await patch({ autoConfirmHighMatches: true }, admin.cookie);
    expect(on.status).toBe(200);
    expect(on.body.autoConfirmHighMatches).toBe(true);
    const row = await db.settings.findUniqueOrThrow({ where: { id: 1 } });
    expect(row).toMatchObject({ autoConfirmHighMatches: true, updatedBy: admin.email });
    for (const bad of ['true', 1, null]) {
      const res = await patch({ autoConfirmHighMatches: bad }, admin.cookie);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('autoConfirmHighMatches must be true or false');
    }
    const off = await patch({ autoConfirmHighMatches: false }, admin.cookie);
    expect(off.body.autoConfirmHighMatches).toBe(false);
    expect((await call(GET, { cookie: staff.cookie })).body.autoConfirmHighMatches).toBe(false);
  });

  it('does not let staff who are not full admins change either', async () => {
    const staff = await makeStaff();
    expect((await patch({ softOptInReliedOn: true }, staff.cookie)).status).toBe(403);
    expect((await patch({ cardSendsPerHour: 20 }, staff.cookie)).status).toBe(403);
    const row = await db.settings.findUnique({ where: { id: 1 } });
    expect(row?.softOptInReliedOnAt ?? null).toBeNull();
  });
});
