import { firstParam, recommendationPath, referrerIdFromRef, resolveOfferLink } from './links';

describe('resolveOfferLink', () => {
  it("opens the clinic's own http(s) offer page in a new tab", () => {
    expect(resolveOfferLink('https://clinic.example/offers/smile-story')).toEqual({
      href: 'https://clinic.example/offers/smile-story',
      external: true,
    });
    expect(resolveOfferLink('  http://clinic.example  ')).toEqual({
      href: 'http://clinic.example/',
      external: true,
    });
  });

  it('keeps a path on this site in the same tab', () => {
    expect(resolveOfferLink('/offers')).toEqual({ href: '/offers', external: false });
  });

  it('falls back to the built-in page, keeping the card number for its way back', () => {
    expect(resolveOfferLink(undefined)).toEqual({ href: '/smile-story-offer', external: false });
    expect(resolveOfferLink('', 'SC-ABCD-EFGH-2345')).toEqual({
      href: '/smile-story-offer?ref=SC-ABCD-EFGH-2345',
      external: false,
    });
    for (const unsafe of [
      'javascript:alert(1)',
      '//evil.example',
      '/\\evil.example',
      'not a url',
      'ftp://x',
    ]) {
      expect(resolveOfferLink(unsafe)).toEqual({ href: '/smile-story-offer', external: false });
    }
  });
});

describe('parameters', () => {
  it('takes the first ref, trimmed, and ignores an empty or oversized one', () => {
    expect(firstParam(['a', 'b'])).toBe('a');
    expect(firstParam(undefined)).toBeUndefined();
    expect(referrerIdFromRef(' SC-ABCD-EFGH-2345 ')).toBe('SC-ABCD-EFGH-2345');
    expect(referrerIdFromRef('   ')).toBeUndefined();
    expect(referrerIdFromRef('x'.repeat(101))).toBeUndefined();
  });

  it('builds the form address with the card number encoded', () => {
    expect(recommendationPath()).toBe('/recommendation-details');
    expect(recommendationPath('SC-A B&C')).toBe('/recommendation-details?ref=SC-A%20B%26C');
  });
});
