import {
  defaultPasskeyName,
  describeWebAuthnFailure,
  NOT_VERIFIED_TEXT,
  OTHER_CHALLENGE_TEXT,
  OTHER_ORIGIN_TEXT,
  USER_NOT_VERIFIED_TEXT,
} from './passkey-words';

const ORIGIN = 'https://referrals.clinic.example';

describe('defaultPasskeyName', () => {
  it('names a passkey after the browser that added it', () => {
    expect(
      defaultPasskeyName(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
      ),
    ).toBe('Passkey on Chrome on Windows');
    expect(
      defaultPasskeyName(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Passkey on Safari on iPhone');
  });

  it('leaves out what it cannot tell', () => {
    expect(defaultPasskeyName('Mozilla/5.0 (X11; Linux x86_64) Konqueror/5')).toBe('Passkey on Linux');
    expect(defaultPasskeyName('Mozilla/5.0 Firefox/133.0')).toBe('Passkey on Firefox');
    expect(defaultPasskeyName('curl/8.0')).toBe('Passkey');
    expect(defaultPasskeyName(null)).toBe('Passkey');
  });
});

describe('describeWebAuthnFailure', () => {
  it('says another website address for a wrong origin or relying party', () => {
    const text = OTHER_ORIGIN_TEXT(ORIGIN);
    expect(text).toContain(ORIGIN);
    expect(
      describeWebAuthnFailure(
        new Error('Unexpected registration response origin "https://evil.example", expected "x"'),
        ORIGIN,
      ),
    ).toBe(text);
    expect(describeWebAuthnFailure(new Error('Unexpected RP ID hash'), ORIGIN)).toBe(text);
  });

  it('says another request for a wrong challenge', () => {
    expect(
      describeWebAuthnFailure(
        new Error('Unexpected authentication response challenge "a", expected "b"'),
        ORIGIN,
      ),
    ).toBe(OTHER_CHALLENGE_TEXT);
  });

  it('asks to confirm on the device when the user was not verified', () => {
    expect(
      describeWebAuthnFailure(
        new Error('User verification required, but user could not be verified'),
        ORIGIN,
      ),
    ).toBe(USER_NOT_VERIFIED_TEXT);
  });

  it('never shows the library’s own words otherwise', () => {
    expect(describeWebAuthnFailure(new Error('Leftover bytes detected'), ORIGIN)).toBe(NOT_VERIFIED_TEXT);
    expect(describeWebAuthnFailure('odd', ORIGIN)).toBe(NOT_VERIFIED_TEXT);
  });
});
