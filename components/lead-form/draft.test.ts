import { isEmptyDraft, parseDraft } from './draft';

describe('parseDraft', () => {
  it('restores what was typed', () => {
    const draft = {
      firstName: 'Jane',
      lastName: 'Smith',
      email: 'jane@example.com',
      country: 'IE',
      phone: '851234567',
      treatmentInterest: 'improve-my-smile',
    };
    // Consent is never restored from a draft.
    expect(parseDraft(JSON.stringify({ ...draft, marketingConsent: true }))).toEqual({
      ...draft,
      marketingConsent: false,
    });
  });

  it('repairs anything odd in storage field by field', () => {
    expect(
      parseDraft(
        JSON.stringify({
          firstName: 7,
          email: 'a@b.co',
          country: 'XX',
          phone: '+44<b>7',
          treatmentInterest: 42,
        }),
      ),
    ).toEqual({
      firstName: '',
      lastName: '',
      email: 'a@b.co',
      country: 'GB',
      phone: '447',
      treatmentInterest: '',
      marketingConsent: false,
    });
  });

  it("restores a treatment of the clinic's own list, as its label (issue 29)", () => {
    expect(parseDraft(JSON.stringify({ firstName: 'Jane', treatmentInterest: 'Invisalign' }))).toMatchObject({
      treatmentInterest: 'Invisalign',
    });
  });

  it('gives nothing for no draft, broken JSON or an empty form', () => {
    expect(parseDraft(null)).toBeNull();
    expect(parseDraft('{')).toBeNull();
    expect(parseDraft('"text"')).toBeNull();
    expect(parseDraft(JSON.stringify({ country: 'US', firstName: '  ' }))).toBeNull();
  });
});

describe('isEmptyDraft', () => {
  it('does not count the country', () => {
    expect(isEmptyDraft({ country: 'FR' })).toBe(true);
    expect(isEmptyDraft({ treatmentInterest: 'improve-my-smile' })).toBe(false);
  });
});
