import type { SettingsDto } from '@/lib/dto/settings';
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
  ...DEFAULT_OFFER,
  treatmentOptions: [...DEFAULT_OFFER.treatmentOptions],
  ...changes,
});

const done = (steps: ReturnType<typeof setupSteps>) => steps.filter((s) => s.done).map((s) => s.key);

describe('the first-run checklist', () => {
  it('starts with nothing done', () => {
    expect(done(setupSteps(settings(), { appUrlSet: false, mailSet: false }))).toEqual([]);
  });

  it('marks each step done by what is set', () => {
    const steps = setupSteps(
      settings({
        clinicName: 'Harbour',
        logoUrl: '/clinic-logo/abc.png',
        trustpilotReviewLink: 'https://t.example',
      }),
      { appUrlSet: true, mailSet: false },
    );
    expect(done(steps)).toEqual(['name', 'logo', 'appUrl', 'reviewLinks']);
    expect(steps.find((s) => s.key === 'mail')?.hint).toMatch(/mail server/);
  });

  it('tells what the review page does until a review link is set', () => {
    const step = setupSteps(settings(), { appUrlSet: true, mailSet: true }).find(
      (s) => s.key === 'reviewLinks',
    );
    expect(step).toMatchObject({ done: false, hint: expect.stringMatching(/counts no visits/) });
  });
});
