import { parseReviewUrl, platformOfHost, REVIEW_URL_HOST_TEXT, REVIEW_URL_HTTPS_TEXT } from './review-url';
import {
  GOOGLE_REVIEW,
  GOOGLE_REVIEW_ID,
  TRUSTPILOT_REVIEW,
  sameReviewVariants,
} from '@/tests/support/review-link-variants';

const key = (url: string) => {
  const result = parseReviewUrl(url);
  if (!result.ok) throw new Error(result.message);
  return result.key;
};

describe('platformOfHost', () => {
  it.each([
    ['google.com', 'google'],
    ['www.google.co.uk', 'google'],
    ['maps.google.com', 'google'],
    ['search.google.com', 'google'],
    ['g.page', 'google'],
    ['maps.app.goo.gl', 'google'],
    ['trustpilot.com', 'trustpilot'],
    ['uk.trustpilot.com', 'trustpilot'],
  ])('%s is %s', (host, platform) => expect(platformOfHost(host)).toBe(platform));

  it.each(['google.com.evil.example', 'notgoogle.com', 'goo.gl', 'trustpilot.com.example', 'example.com'])(
    'does not take %s for a review platform',
    (host) => expect(platformOfHost(host)).toBeNull(),
  );
});

describe('parseReviewUrl', () => {
  it('finds the platform from the link', () => {
    expect(parseReviewUrl('https://g.page/r/CabcDEF/review')).toMatchObject({ ok: true, platform: 'google' });
    expect(parseReviewUrl('https://uk.trustpilot.com/reviews/65f1c0ffee')).toMatchObject({
      ok: true,
      platform: 'trustpilot',
    });
  });

  it('normalises host case, www., tracking parameters, a trailing slash and the fragment', () => {
    const base = key('https://www.trustpilot.com/reviews/65f1c0ffee');
    expect(base).toBe('trustpilot:review:65f1c0ffee');
    for (const same of [
      'https://WWW.Trustpilot.COM/reviews/65f1c0ffee/',
      'https://trustpilot.com/reviews/65f1c0ffee?utm_source=whatsapp&utm_medium=share',
      'https://trustpilot.com/reviews/65f1c0ffee#top',
      'trustpilot.com/reviews/65f1c0ffee?fbclid=xyz',
    ]) {
      expect(key(same)).toBe(base);
    }
  });

  // Issue 28 changed this: the path's case and other parameters were kept, and each was a way to credit one
  // review again. A review is now its platform's review id.
  it('reduces a link to its review: Google’s and Trustpilot’s review ids', () => {
    expect(key(GOOGLE_REVIEW)).toBe(`google:review:${GOOGLE_REVIEW_ID.toLowerCase()}`);
    expect(key(TRUSTPILOT_REVIEW)).toBe('trustpilot:review:65f1c0ffee1234567890abcd');
    expect(key('https://g.page/r/AbC')).toBe(key('https://g.page/r/abc/review'));
    expect(key('https://www.google.com/maps/reviews?b=2&a=1&utm_campaign=x')).toBe('google:web/reviews');
    expect(key('https://maps.google.com/?cid=123&hl=en')).toBe('google:web?cid=123');
    expect(key('https://www.google.co.uk/maps?hl=fr&cid=123')).toBe('google:web?cid=123');
    expect(key('https://www.google.com/maps/contrib/1234567890/reviews/@51.5,-0.1,17z?hl=en')).toBe(
      'google:contrib:1234567890',
    );
    expect(key('https://maps.app.goo.gl/AbCdEf12345?g_st=ic')).toBe('google:goo.gl/abcdef12345');
  });

  it.each(sameReviewVariants())('finds the same review in %s', (variant) => {
    const base = /trustpilot/i.test(variant) ? key(TRUSTPILOT_REVIEW) : key(GOOGLE_REVIEW);
    expect(key(variant)).toBe(base);
  });

  it('keeps different reviews apart', () => {
    const keys = [
      GOOGLE_REVIEW,
      GOOGLE_REVIEW.replace('ChdDSUhN', 'ChdDSUhO'),
      TRUSTPILOT_REVIEW,
      TRUSTPILOT_REVIEW.replace('abcd', 'abce'),
      `https://uk.trustpilot.com/reviews/${GOOGLE_REVIEW_ID}`,
      'https://g.page/r/CabcDEF/review',
      'https://g.page/r/CabcDEG/review',
      'https://maps.app.goo.gl/AbCdEf12345',
      'https://maps.app.goo.gl/AbCdEf12346',
      'https://www.google.com/maps/contrib/1234567890',
      'https://www.google.com/maps/contrib/1234567891',
      'https://www.google.com/maps?cid=123',
      'https://www.google.com/maps?cid=124',
      // A place's own link (its feature id is no review id).
      'https://www.google.com/maps/place/Clinic/data=!4m2!3m1!1s0x48761b3333333333:0x4444444444444444',
      'https://www.google.com/maps/place/Clinic/data=!4m2!3m1!1s0x48761b3333333333:0x4444444444444445',
    ].map(key);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('refuses what is not an https link on a review platform, saying why', () => {
    expect(parseReviewUrl('http://g.page/r/abc')).toEqual({ ok: false, message: REVIEW_URL_HTTPS_TEXT });
    expect(parseReviewUrl('https://example.com/review')).toEqual({
      ok: false,
      message: REVIEW_URL_HOST_TEXT,
    });
    expect(parseReviewUrl('https://user:pw@g.page/r/abc')).toEqual({
      ok: false,
      message: REVIEW_URL_HOST_TEXT,
    });
    expect(parseReviewUrl('javascript:alert(1)')).toEqual({ ok: false, message: REVIEW_URL_HTTPS_TEXT });
    expect(parseReviewUrl('   ')).toMatchObject({ ok: false });
    expect(parseReviewUrl(`https://g.page/${'a'.repeat(2001)}`)).toMatchObject({ ok: false });
  });
});
