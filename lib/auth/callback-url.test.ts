import { safeCallbackUrl } from './callback-url';

describe('safeCallbackUrl', () => {
  it('keeps a path on this site, with its query and fragment', () => {
    expect(safeCallbackUrl('/settings')).toBe('/settings');
    expect(safeCallbackUrl('/team-reviews?tab=scans')).toBe('/team-reviews?tab=scans');
    expect(safeCallbackUrl('/settings#staff', 'https://referrals.clinic.example')).toBe('/settings#staff');
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
    '/login?callbackUrl=/settings',
    '/api/user',
    // Issue 14 point 2: what the browser makes of these is another site, or a broken header.
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r/x',
    '/\u0000/x',
    '/.//evil.example',
    '/a/..//evil.example',
    '/%2e//evil.example',
    '/%2e%2e//evil.example',
    '/\\\\evil.example',
  ])('falls back to / for %p', (value) => {
    expect(safeCallbackUrl(value)).toBe('/');
    expect(safeCallbackUrl(value, 'https://referrals.clinic.example')).toBe('/');
  });

  it('keeps encoded characters encoded: they stay part of the path', () => {
    expect(safeCallbackUrl('/%09/evil.example')).toBe('/%09/evil.example');
    expect(safeCallbackUrl('/%2F%2Fevil.example')).toBe('/%2F%2Fevil.example');
  });

  it('falls back to / when the origin given is not an address', () => {
    expect(safeCallbackUrl('/settings', 'not an origin')).toBe('/');
  });
});
