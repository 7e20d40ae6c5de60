import { BOOKMARK_DISMISS_MS, dismissalHolds } from './bookmark-prompt';

describe("the bookmark prompt's 'Not now'", () => {
  const now = Date.parse('2026-11-25T12:00:00Z');

  it('holds for 30 days', () => {
    expect(dismissalHolds(String(now - 1000), now)).toBe(true);
    expect(dismissalHolds(String(now - BOOKMARK_DISMISS_MS + 1000), now)).toBe(true);
    expect(dismissalHolds(String(now - BOOKMARK_DISMISS_MS), now)).toBe(false);
  });

  it('ignores what cannot be a dismissal: nothing stored, text, a time in the future', () => {
    expect(dismissalHolds(null, now)).toBe(false);
    expect(dismissalHolds('yesterday', now)).toBe(false);
    expect(dismissalHolds(String(now + 60_000), now)).toBe(false);
  });
});
