import {
  DEFAULT_OFFER,
  legacyTreatmentValue,
  matchTreatment,
  consultationText,
  formPreviewText,
  promisesFreeConsultation,
  offerCtaText,
  rewardText,
  shareMessage,
} from './offer';

const LINK = 'https://referrals.harbour.co.uk/recommendation-details?ref=SC-ABCD-EFGH-JKLM';

describe('the share message (issue 29, point 2)', () => {
  it("reads as the spec's message with the clinic's name in place of 'our clinic'", () => {
    expect(
      shareMessage({ clinicName: 'Harbour Dental', offer: DEFAULT_OFFER, rewardAmount: 200, link: LINK }),
    ).toBe(
      "I'm a patient at Harbour Dental and I love it! Use my personal link to book a free consultation and get 5% off " +
        `your Smile Story — and I'll earn a £200 reward: ${LINK}`,
    );
  });

  it("says 'our clinic' only while the clinic has no name", () => {
    expect(shareMessage({ clinicName: null, offer: DEFAULT_OFFER, rewardAmount: 200, link: LINK })).toMatch(
      /^I'm a patient at our clinic and I love it!/,
    );
  });

  it("invites the friend in the clinic's own words, with the reward amount the settings hold", () => {
    const message = shareMessage({
      clinicName: 'Harbour Dental',
      offer: { offerEnabled: true, offerInvitation: 'get £50 off your first hygiene visit' },
      rewardAmount: 75,
      link: LINK,
    });
    expect(message).toContain('Use my personal link to get £50 off your first hygiene visit');
    expect(message).toContain("I'll earn a £75 reward");
    expect(message).not.toMatch(/5%|free consultation/);
  });

  it('promises nothing when the clinic has no offer', () => {
    const message = shareMessage({
      clinicName: 'Harbour Dental',
      offer: {
        offerEnabled: false,
        offerInvitation: 'book a free consultation and get 5% off your Smile Story',
      },
      rewardAmount: 200,
      link: LINK,
    });
    expect(message).toBe(
      `I'm a patient at Harbour Dental and I love it! Use my personal link to get in touch with them — and I'll earn a £200 reward: ${LINK}`,
    );
  });
});

describe('the reward wording', () => {
  it('fills the reward amount in, so the words follow the amount setting', () => {
    expect(rewardText(DEFAULT_OFFER.rewardWording, 200)).toBe('£200 cash per referral');
    expect(rewardText('a {amount} voucher for every friend who joins', 1250)).toBe(
      'a £1,250 voucher for every friend who joins',
    );
  });
});

describe("the offer's call to action", () => {
  it("is 'Tap for' and the headline, or nothing when there is no offer", () => {
    expect(offerCtaText(DEFAULT_OFFER)).toBe('Tap for 5% off your Smile Story');
    expect(offerCtaText({ offerEnabled: true, offerHeadline: '£50 off whitening' })).toBe(
      'Tap for £50 off whitening',
    );
    expect(offerCtaText({ offerEnabled: false, offerHeadline: '£50 off whitening' })).toBeNull();
  });
});

describe('the treatment a friend chose', () => {
  const options = ['Invisalign', 'Improve my smile', 'Dental implants'];

  it("is the clinic's label as written, whatever the case the form or the API sent", () => {
    expect(matchTreatment(' invisalign ', options)).toBe('Invisalign');
    expect(matchTreatment('Dental implants', options)).toBe('Dental implants');
  });

  it("takes the API's old values for a treatment that is still listed", () => {
    expect(matchTreatment('improve-my-smile', options)).toBe('Improve my smile');
    expect(matchTreatment('replace-missing-teeth', options)).toBeNull();
  });

  it('refuses what the clinic does not list, and nothing at all', () => {
    expect(matchTreatment('Braces', options)).toBeNull();
    expect(matchTreatment('', options)).toBeNull();
    expect(matchTreatment(undefined, options)).toBeNull();
  });

  it("keeps the old value beside the spec's four labels only", () => {
    expect(legacyTreatmentValue('Improve my smile')).toBe('improve-my-smile');
    expect(legacyTreatmentValue('Invisalign')).toBeNull();
  });
});

describe('a free consultation', () => {
  const own = {
    ...DEFAULT_OFFER,
    offerHeadline: '£50 off whitening',
    offerInvitation: 'get £50 off whitening',
    offerDetails: 'For friends of our patients.',
    offerTerms: '',
  };

  it("is promised by the spec's offer, so a fresh install reads as before", () => {
    expect(consultationText(DEFAULT_OFFER)).toBe('your free consultation');
    expect(formPreviewText(DEFAULT_OFFER)).toBe('Book your free consultation.');
  });

  it("is never promised when the clinic's own offer does not", () => {
    expect(promisesFreeConsultation(own)).toBe(false);
    expect(consultationText(own)).toBe('your consultation');
    expect(formPreviewText(own)).toBe('£50 off whitening, for friends of our patients.');
  });

  it('is not promised when there is no offer at all', () => {
    const off = { ...DEFAULT_OFFER, offerEnabled: false };
    expect(promisesFreeConsultation(off)).toBe(false);
    expect(formPreviewText(off)).toBe('Leave your details and we will be in touch.');
  });
});
