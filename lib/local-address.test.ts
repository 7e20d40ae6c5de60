import { appUrlState, isLocalAddress } from './local-address';

describe('isLocalAddress', () => {
  it.each([
    'http://localhost:3000/review/TM-A',
    'http://127.0.0.1:3000/review/TM-A',
    'http://10.0.0.5/review',
    'http://172.20.1.1/review',
    'http://192.168.1.20:3000/review',
    'http://169.254.10.1/',
    'http://[::1]:3000/',
    'http://[fd12:3456::1]/',
    'http://reception-pc/review',
    'http://clinic.local/review',
    'https://app.internal/review',
    'not a url',
  ])('warns for %s', (url) => expect(isLocalAddress(url)).toBe(true));

  it.each([
    'https://smiles.example.co.uk/review/TM-A',
    'https://referrals.brightsmile.com/review',
    'http://172.32.0.1/',
    'http://8.8.8.8/',
    'https://[2a00:1450::1]/',
  ])('does not warn for %s', (url) => expect(isLocalAddress(url)).toBe(false));
});

describe('appUrlState (issue 29, point 6)', () => {
  it('is unset when the server fell back to its default address', () => {
    expect(appUrlState('http://localhost:3000', true)).toBe('unset');
  });

  it.each([
    'http://127.0.0.1:3210',
    'http://localhost:3000',
    'http://192.168.1.20:3000',
    'http://[::1]:3000',
  ])('is local for %s, even though APP_URL is set', (origin) =>
    expect(appUrlState(origin, false)).toBe('local'),
  );

  it('is public for a public https address', () => {
    expect(appUrlState('https://referrals.brightsmile.co.uk', false)).toBe('public');
  });
});
