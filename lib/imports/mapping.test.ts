import {
  guessMapping,
  headerKey,
  mappingProblem,
  mergeMapping,
  NO_EMAIL_COLUMN_TEXT,
  NO_NAME_COLUMN_TEXT,
} from './mapping';

describe('guessing which column fills which field', () => {
  it('the synonyms, whatever their case, spaces or punctuation', () => {
    expect(headerKey(' E-mail  Address ')).toBe('emailaddress');
    expect(
      guessMapping([
        'FORENAME',
        'surname',
        'E-mail',
        'Telephone',
        'Affiliate Company',
        'Opt-in',
        'Patient ID',
      ]),
    ).toEqual({
      firstName: 'FORENAME',
      lastName: 'surname',
      fullName: null,
      email: 'E-mail',
      phone: 'Telephone',
      affiliateCompany: 'Affiliate Company',
      marketingConsent: 'Opt-in',
      externalId: 'Patient ID',
    });
    expect(
      guessMapping(['Given name', 'Family name', 'Email address', 'Email consent', 'External ID']),
    ).toMatchObject({
      firstName: 'Given name',
      lastName: 'Family name',
      email: 'Email address',
      marketingConsent: 'Email consent',
      externalId: 'External ID',
    });
  });

  it('a single name column is the full name; with first and last names it is left alone', () => {
    expect(guessMapping(['Patient name', 'Email'])).toMatchObject({
      fullName: 'Patient name',
      firstName: null,
      lastName: null,
    });
    expect(guessMapping(['Name', 'First name', 'Last name', 'Email']).fullName).toBeNull();
  });

  it('prefers Mobile to Phone when both are there', () => {
    expect(guessMapping(['Name', 'Email', 'Phone', 'Mobile']).phone).toBe('Mobile');
  });

  it('the last mapping used wins for the headers this file has', () => {
    const remembered = { email: 'Contact', phone: 'Home phone', firstName: 'Not here' };
    expect(
      guessMapping(['First name', 'Last name', 'Email', 'Contact', 'Home phone'], remembered),
    ).toMatchObject({
      firstName: 'First name',
      email: 'Contact',
      phone: 'Home phone',
    });
  });
});

describe('a mapping that cannot be used', () => {
  const headers = ['Forename', 'Surname', 'Email', 'Name'];
  const guess = guessMapping(headers);

  it('names what is missing', () => {
    expect(mappingProblem(headers, guess)).toBeNull();
    expect(mappingProblem(headers, mergeMapping(guess, { email: null }))).toBe(NO_EMAIL_COLUMN_TEXT);
    expect(mappingProblem(headers, mergeMapping(guess, { firstName: null, lastName: null }))).toBe(
      NO_NAME_COLUMN_TEXT,
    );
    expect(
      mappingProblem(headers, mergeMapping(guess, { firstName: null, lastName: null, fullName: 'Name' })),
    ).toBeNull();
    expect(mappingProblem(headers, mergeMapping(guess, { phone: 'Mobile' }))).toBe(
      'The file has no column “Mobile” (chosen for Phone).',
    );
    expect(mappingProblem(headers, mergeMapping(guess, { phone: 'Email' }))).toMatch(
      /chosen for both Email and Phone/,
    );
  });
});
