import { isLocalAddress } from './local-address';

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
