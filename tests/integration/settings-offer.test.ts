import { GET, PATCH } from '@/app/api/settings/route';
import { db } from '@/lib/db';
import { DEFAULT_OFFER } from '@/lib/offer';
import { INVISIBLE_TEXT_TEXT } from '@/lib/validation/names';
import {
  REWARD_WORDING_AMOUNT_TEXT,
  TREATMENTS_COUNT_TEXT,
  TREATMENTS_UNIQUE_TEXT,
} from '@/lib/validation/settings';
import { setUpTestDatabase } from '../support/db';
import { call, makeStaff } from '../support/http';

setUpTestDatabase();

const patch = (body: unknown, cookie?: string) => call(PATCH, { method: 'PATCH', body, cookie });

/** The offer's part of the settings row, as stored. */
async function storedOffer() {
  const row = await db.settings.findUnique({ where: { id: 1 } });
  if (!row) return { ...DEFAULT_OFFER, treatmentOptions: [...DEFAULT_OFFER.treatmentOptions] };
  const {
    offerEnabled,
    offerHeadline,
    offerInvitation,
    offerDetails,
    offerTerms,
    rewardWording,
    treatmentOptions,
  } = row;
  return {
    offerEnabled,
    offerHeadline,
    offerInvitation,
    offerDetails,
    offerTerms,
    rewardWording,
    treatmentOptions,
  };
}

const A_CLINICS_OFFER = {
  offerEnabled: true,
  offerHeadline: '£50 off your first hygiene visit',
  offerInvitation: 'book a hygiene visit at Harbour Dental and get £50 off',
  offerDetails:
    'As a friend of one of our patients, your first hygiene visit is £50 less.\nJust mention who sent you.',
  offerTerms: 'New patients only. One offer per person. Not exchangeable for cash.',
  rewardWording: 'a {amount} thank-you for every friend who starts treatment',
  treatmentOptions: ['Invisalign', 'Dental implants', 'Whitening', 'A check-up and hygiene visit'],
};

describe('GET /api/settings: the offer (issue 29, point 2)', () => {
  it("reads the spec's texts until the clinic changes them", async () => {
    const staff = await makeStaff();
    const res = await call(GET, { cookie: staff.cookie });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      offerEnabled: true,
      offerHeadline: '5% off your Smile Story',
      offerInvitation: 'book a free consultation and get 5% off your Smile Story',
      offerDetails: DEFAULT_OFFER.offerDetails,
      offerTerms: DEFAULT_OFFER.offerTerms,
      rewardWording: '{amount} cash per referral',
      treatmentOptions: [
        'Replace missing teeth',
        'Improve my smile',
        'A healthy, pain-free mouth',
        'Facial Aesthetics treatments',
      ],
    });
  });
});

describe('PATCH /api/settings: the offer (issue 29, point 2)', () => {
  it('saves the clinic’s own offer, trimmed, and reads it back', async () => {
    const admin = await makeStaff({ isFullAdmin: true });
    const res = await patch(
      {
        ...A_CLINICS_OFFER,
        offerHeadline: `  ${A_CLINICS_OFFER.offerHeadline}  `,
        treatmentOptions: A_CLINICS_OFFER.treatmentOptions.map((t) => ` ${t} `),
      },
      admin.cookie,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject(A_CLINICS_OFFER);
    expect(await storedOffer()).toEqual(A_CLINICS_OFFER);
    expect((await call(GET, { cookie: admin.cookie })).body).toMatchObject(A_CLINICS_OFFER);
  });

  it('switches the offer off and keeps its words for when it comes back; blank terms mean none', async () => {
    const admin = await makeStaff({ isFullAdmin: true });
    const { offerHeadline } = await storedOffer();
    expect((await patch({ offerEnabled: false, offerTerms: '  ' }, admin.cookie)).body).toMatchObject({
      offerEnabled: false,
      offerHeadline,
      offerTerms: '',
    });
    expect((await patch({ offerEnabled: true }, admin.cookie)).body.offerEnabled).toBe(true);
  });

  it.each([
    [{ offerEnabled: 'yes' }, 'offerEnabled must be true or false'],
    [{ offerHeadline: '   ' }, 'The offer headline cannot be blank'],
    [{ offerHeadline: 'x'.repeat(81) }, 'The offer headline must be at most 80 characters'],
    [{ offerHeadline: '10% off\u202E' }, INVISIBLE_TEXT_TEXT],
    [{ offerHeadline: 5 }, 'The offer headline must be text'],
    [{ offerInvitation: '' }, 'The share invitation cannot be blank'],
    [{ offerDetails: 'x'.repeat(601) }, 'The offer details must be at most 600 characters'],
    [{ offerDetails: 'Line one\u200B' }, INVISIBLE_TEXT_TEXT],
    [{ offerTerms: 'x'.repeat(1501) }, 'The terms must be at most 1500 characters'],
    [{ rewardWording: '£200 cash per referral' }, REWARD_WORDING_AMOUNT_TEXT],
    [{ rewardWording: '{amount} now and {amount} later' }, REWARD_WORDING_AMOUNT_TEXT],
    [{ treatmentOptions: [] }, TREATMENTS_COUNT_TEXT],
    [{ treatmentOptions: Array.from({ length: 13 }, (_, i) => `Treatment ${i + 1}`) }, TREATMENTS_COUNT_TEXT],
    [{ treatmentOptions: 'Whitening' }, TREATMENTS_COUNT_TEXT],
    [{ treatmentOptions: ['Whitening', ' whitening '] }, TREATMENTS_UNIQUE_TEXT],
    [{ treatmentOptions: ['Whitening', ''] }, 'A treatment cannot be blank'],
    [{ treatmentOptions: ['x'.repeat(61)] }, 'A treatment must be at most 60 characters'],
    [{ treatmentOptions: ['Implants\u0007'] }, INVISIBLE_TEXT_TEXT],
  ])('answers 400 for %j with a clear message and writes nothing', async (body, message) => {
    const admin = await makeStaff({ isFullAdmin: true });
    const before = await storedOffer();
    const res = await patch(body, admin.cookie);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(await storedOffer()).toEqual(before);
  });

  it('does not let staff who are not full admins change the offer (403, nothing written)', async () => {
    const staff = await makeStaff();
    const before = await storedOffer();
    const res = await patch(A_CLINICS_OFFER, staff.cookie);
    expect(res.status).toBe(403);
    expect(await storedOffer()).toEqual(before);
    expect((await patch({ offerEnabled: false })).status).toBe(401);
    expect(await storedOffer()).toEqual(before);
  });
});
