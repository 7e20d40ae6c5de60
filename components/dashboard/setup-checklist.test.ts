import type { SettingsDto } from '@/lib/dto/settings';
import { appUrlState } from '@/lib/local-address';
import { DEFAULT_OFFER } from '@/lib/offer';
import { setupSteps } from './setup-checklist';

const settings = (changes: Partial<SettingsDto> = {}): SettingsDto => ({
  referralRewardAmount: 200,
  teamBonusAmount: 10,
  offerLink: null,
  googleReviewLink: null,
  trustpilotReviewLink: null,
  messageKindsOff: [],
  clinicName: null,
  clinicEmail: null,
  clinicPhone: null,
  clinicAddress: null,
  clinicWebsite: null,
  brandColour: null,
  privacyNoticeUrl: null,
  logoUrl: null,
  leadRetentionMonths: 24,
  paidEmailDelayMinutes: 10,
  softOptInReliedOnAt: null,
  softOptInReliedOnBy: null,
  cardSendsPerHour: 500,
  autoConfirmHighMatches: false,
  ...DEFAULT_OFFER,
  treatmentOptions: [...DEFAULT_OFFER.treatmentOptions],
  ...changes,
});

const done = (steps: ReturnType<typeof setupSteps>) => steps.filter((s) => s.done).map((s) => s.key);

describe('the first-run checklist', () => {
  it('starts with nothing done', () => {
    expect(
      done(setupSteps(settings(), { appUrl: 'unset', appOrigin: 'http://localhost:3000', mailSet: false })),
    ).toEqual([]);
  });

  it('marks each step done by what is set', () => {
    const steps = setupSteps(
      settings({
        clinicName: 'Harbour',
        logoUrl: '/clinic-logo/abc.png',
        trustpilotReviewLink: 'https://t.example',
      }),
      { appUrl: 'public', appOrigin: 'https://referrals.harbour.co.uk', mailSet: false },
    );
    expect(done(steps)).toEqual(['name', 'logo', 'appUrl', 'reviewLinks']);
    expect(steps.find((s) => s.key === 'mail')?.hint).toMatch(/mail server/);
  });

  it('tells what the review page does until a review link is set', () => {
    const step = setupSteps(settings(), {
      appUrl: 'public',
      appOrigin: 'https://referrals.harbour.co.uk',
      mailSet: true,
    }).find((s) => s.key === 'reviewLinks');
    expect(step).toMatchObject({ done: false, hint: expect.stringMatching(/counts no visits/) });
  });

  it.each(['http://127.0.0.1:3210', 'http://localhost:3000', 'http://192.168.1.20'])(
    'does not tick a loopback or private APP_URL (%s) and says why and what to set',
    (origin) => {
      const step = setupSteps(settings(), {
        appUrl: appUrlState(origin, false),
        appOrigin: origin,
        mailSet: true,
      }).find((s) => s.key === 'appUrl');
      expect(step).toMatchObject({ done: false });
      expect(step?.hint).toContain(origin);
      expect(step?.hint).toMatch(/only this computer or network can open/);
      expect(step?.hint).toMatch(/Set APP_URL to the clinic’s public address/);
    },
  );

  it('ticks a public APP_URL', () => {
    const origin = 'https://referrals.harbour.co.uk';
    const step = setupSteps(settings(), {
      appUrl: appUrlState(origin, false),
      appOrigin: origin,
      mailSet: true,
    }).find((s) => s.key === 'appUrl');
    expect(step?.done).toBe(true);
  });
});
