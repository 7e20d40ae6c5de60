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
      'Nothing to update: send referralRewardAmount, teamBonusAmount, offerLink, offerEnabled, offerHeadline, offerInvitation, offerDetails, offerTerms, rewardWording, treatmentOptions, googleReviewLink, trustpilotReviewLink, clinicName, clinicEmail, clinicPhone, clinicAddress, clinicWebsite, brandColour, privacyNoticeUrl, leadRetentionMonths, paidEmailDelayMinutes or messageKindsOff',
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
