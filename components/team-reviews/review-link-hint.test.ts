import { REVIEW_URL_HOST_TEXT } from '@/lib/review-url';
import { FACEBOOK_REVIEW_TEXT, reviewLinkProblem, verifyBlockedReason } from './review-link-hint';

describe('why a review link cannot be verified (issue 29, point 14)', () => {
  it.each([
    'https://www.facebook.com/harboursmile/reviews/?id=123',
    'facebook.com/story.php?story_fbid=1&id=2',
    'https://m.facebook.com/permalink.php?story_fbid=1',
    'https://fb.me/abc123',
  ])('says Facebook reviews are not counted for %s', (url) => {
    expect(reviewLinkProblem(url)).toBe(FACEBOOK_REVIEW_TEXT);
  });

  it('says which platforms count for another site', () => {
    expect(reviewLinkProblem('https://www.yelp.co.uk/biz/harbour')).toBe(REVIEW_URL_HOST_TEXT);
  });

  it('has nothing to say about a Google or Trustpilot review link, or an empty box', () => {
    expect(reviewLinkProblem('https://g.page/r/CabcDEF123/review')).toBeNull();
    expect(reviewLinkProblem('https://uk.trustpilot.com/reviews/64f1a2b3c4d5e6f7a8b9c0d1')).toBeNull();
    expect(reviewLinkProblem('   ')).toBeNull();
  });

  it('says what Verify still needs, or nothing when it can be pressed', () => {
    expect(verifyBlockedReason({ reviewUrl: '', reviewerName: '' })).toMatch(/paste the review’s link/);
    expect(verifyBlockedReason({ reviewUrl: 'https://facebook.com/x', reviewerName: 'Ann' })).toBe(
      FACEBOOK_REVIEW_TEXT,
    );
    expect(
      verifyBlockedReason({ reviewUrl: 'https://g.page/r/CabcDEF123/review', reviewerName: '' }),
    ).toMatch(/reviewer’s name/);
    expect(
      verifyBlockedReason({ reviewUrl: 'https://g.page/r/CabcDEF123/review', reviewerName: 'Ann' }),
    ).toBeNull();
  });
});
