import { safeCallbackUrl } from './callback-url';

describe('safeCallbackUrl', () => {
  it('keeps a path on this site, with its query', () => {
    expect(safeCallbackUrl('/settings')).toBe('/settings');
    expect(safeCallbackUrl('/team-reviews?tab=scans')).toBe('/team-reviews?tab=scans');
  });

  it.each([
    null,
    undefined,
    '',
    'settings',
    '//evil.example',
    '/\\evil.example',
    'https://evil.example/',
    '/login',
    '/api/user',
  ])('falls back to / for %p', (value) => {
    expect(safeCallbackUrl(value)).toBe('/');
  });
});
