import { parseReviewUrl, platformOfHost, REVIEW_URL_HOST_TEXT, REVIEW_URL_HTTPS_TEXT } from './review-url';

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
    expect(base).toBe('https://trustpilot.com/reviews/65f1c0ffee');
    for (const same of [
      'https://WWW.Trustpilot.COM/reviews/65f1c0ffee/',
      'https://trustpilot.com/reviews/65f1c0ffee?utm_source=whatsapp&utm_medium=share',
      'https://trustpilot.com/reviews/65f1c0ffee#top',
      'trustpilot.com/reviews/65f1c0ffee?fbclid=xyz',
    ]) {
      expect(key(same)).toBe(base);
    }
  });

  it('keeps what names the review: the path case and the other parameters, sorted', () => {
    expect(key('https://g.page/r/AbC')).not.toBe(key('https://g.page/r/abc'));
    expect(key('https://www.google.com/maps/reviews?b=2&a=1&utm_campaign=x')).toBe(
      'https://google.com/maps/reviews?a=1&b=2',
    );
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
