import { CLIENT_PHONE_TEXT, FILL_ALL_FIELDS_TEXT } from '@/lib/validation/clients';
import { VALID_EMAIL_TEXT } from '@/lib/validation/messages';
import { emptyMapping, type ImportMapping } from './mapping';
import { checkRow, columnIndex, CONSENT_TEXT, parseConsent, splitFullName } from './rows';

const headers = ['Forename', 'Surname', 'Email', 'Mobile', 'Opt in', 'Patient ID', 'Name'];
const mapping: ImportMapping = {
  ...emptyMapping(),
  firstName: 'Forename',
  lastName: 'Surname',
  email: 'Email',
  phone: 'Mobile',
  marketingConsent: 'Opt in',
  externalId: 'Patient ID',
};
const check = (cells: string[], m = mapping) => checkRow(cells, m, columnIndex(headers, m));

describe('a row checked as Add Client checks a client', () => {
  it('a good row: names title-cased, email lower-cased and trimmed, phone normalised, consent read', () => {
    expect(check(['siân', "O'BRIEN", ' Sian@Example.COM ', '07700 900123', 'Y', 'P-42', ''])).toEqual({
      ok: true,
      client: {
        firstName: 'Siân',
        lastName: "O'Brien",
        email: 'sian@example.com',
        phone: '+447700900123',
        affiliateCompany: null,
        marketingConsent: true,
        externalId: 'P-42',
      },
    });
  });

  it('problems with Add Client’s messages, each naming its column', () => {
    expect(check(['', 'Pond', 'not-an-email', '12', 'maybe', '', ''])).toEqual({
      ok: false,
      problems: [
        { column: 'Forename', message: FILL_ALL_FIELDS_TEXT },
        { column: 'Email', message: VALID_EMAIL_TEXT },
        { column: 'Mobile', message: CLIENT_PHONE_TEXT },
        { column: 'Opt in', message: CONSENT_TEXT },
      ],
    });
  });

  it('a full name column, split; a formula-looking cell kept as text', () => {
    const full = { ...mapping, firstName: null, lastName: null, fullName: 'Name' };
    const row = check(['', '', 'a@x.test', '', '', '', 'Smith, Mary Jane'], full);
    expect(row).toMatchObject({ ok: true, client: { firstName: 'Mary Jane', lastName: 'Smith' } });
    expect(check(['', '', 'a@x.test', '', '', '', 'Mononym'], full)).toEqual({
      ok: false,
      problems: [{ column: 'Name', message: FILL_ALL_FIELDS_TEXT }],
    });
    expect(check(['=1+1', 'Pond', 'a@x.test', '', '', '', ''])).toMatchObject({
      ok: true,
      client: { firstName: '=1+1' },
    });
  });
});

describe('the parts', () => {
  it('consent: yes/no/true/false/1/0/Y/N in any case; blank is no; anything else a problem', () => {
    for (const yes of ['yes', 'YES', 'y', 'True', '1']) expect(parseConsent(yes)).toBe(true);
    for (const no of ['no', 'N', 'FALSE', '0', ' ']) expect(parseConsent(no)).toBe(false);
    expect(parseConsent('opted in')).toBeNull();
  });

  it('full names: the last word is the surname; a comma puts the surname first; titles dropped', () => {
    expect(splitFullName('Mary Jane Smith')).toEqual({ firstName: 'Mary Jane', lastName: 'Smith' });
    expect(splitFullName('Smith, Mary')).toEqual({ firstName: 'Mary', lastName: 'Smith' });
    expect(splitFullName('Mrs  Siân   Jones')).toEqual({ firstName: 'Siân', lastName: 'Jones' });
    expect(splitFullName('Zoë')).toEqual({ firstName: 'Zoë', lastName: '' });
  });
});
