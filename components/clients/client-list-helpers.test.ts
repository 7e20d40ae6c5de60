import { showingText } from './client-list-helpers';

describe('the clients table', () => {
  it('says how many are shown, in en-GB numbers', () => {
    expect(showingText(50, 100_000)).toBe('Showing 50 of 100,000 clients');
    expect(showingText(1, 1)).toBe('Showing 1 of 1 client');
    // Never fewer in all than on screen (clients added elsewhere meanwhile).
    expect(showingText(51, 50)).toBe('Showing 51 of 51 clients');
  });
});
