import { googleReviewUrl } from '@/lib/format';
import { TRUSTPILOT_SOON_TEXT } from '@/lib/copy';
import { choiceNotice, safeReviewUrl } from './choice';

describe('choiceNotice', () => {
  it('Trustpilot without a link says the spec text', () => {
    expect(choiceNotice('trustpilot', null)).toEqual({
      tone: 'unavailable',
      site: 'Trustpilot',
      text: TRUSTPILOT_SOON_TEXT,
    });
    expect(TRUSTPILOT_SOON_TEXT).toBe('Trustpilot review link coming soon!');
  });

  it('Google without a link says so politely', () => {
    const notice = choiceNotice('google', null);
    expect(notice.tone).toBe('unavailable');
    expect(notice.text).toMatch(/^Sorry, our Google review page is not quite ready yet/);
    expect(notice.href).toBeUndefined();
  });

  it('a site with a link has opened, and offers the link again', () => {
    const google = 'https://search.google.com/local/writereview?placeid=ChIJN1t_tDeuEmsRUsoyG83frY4';
    expect(choiceNotice('google', google)).toEqual({
      tone: 'opened',
      site: 'Google',
      text: 'Thank you! Google has opened in a new tab.',
      href: google,
    });
    expect(choiceNotice('trustpilot', 'https://uk.trustpilot.com/evaluate/clinic.co.uk')).toMatchObject({
      tone: 'opened',
      text: 'Thank you! Trustpilot has opened in a new tab.',
    });
  });
});

describe('safeReviewUrl', () => {
  it('keeps web addresses, including the Google link made from a Place ID', () => {
    const google = googleReviewUrl('ChIJN1t_tDeuEmsRUsoyG83frY4')!;
    expect(safeReviewUrl(google)).toBe(google);
    expect(safeReviewUrl('https://uk.trustpilot.com/review/clinic.co.uk')).toBe(
      'https://uk.trustpilot.com/review/clinic.co.uk',
    );
  });

  it('refuses anything else', () => {
    for (const url of [null, undefined, '', 'javascript:alert(1)', 'data:text/html,hi', 'not a url']) {
      expect(safeReviewUrl(url)).toBeNull();
    }
  });
});
