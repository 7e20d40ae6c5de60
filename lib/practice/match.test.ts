import {
  COMMON_NAME_LIMIT,
  matchCandidate,
  matchRecord,
  nameKey,
  normaliseEmail,
  normalisePhoneForMatch,
  type ReferralCandidate,
} from './match';

const friend = (over: Partial<ReferralCandidate> = {}): ReferralCandidate => ({
  referralId: 'r1',
  status: 'pending',
  isSelfReferral: false,
  erased: false,
  firstName: 'Siân',
  lastName: "O'Brien",
  email: 'sian.obrien@example.com',
  phone: '+447700900123',
  ...over,
});

describe('normalising what is compared', () => {
  it('compares emails trimmed and in any case', () => {
    expect(normaliseEmail('  Sian.OBrien@Example.COM ')).toBe('sian.obrien@example.com');
    expect(normaliseEmail('  ')).toBeNull();
    expect(normaliseEmail(null)).toBeNull();
  });

  it('reads a phone as the practice wrote it in E.164, British numbers without their trunk 0', () => {
    expect(normalisePhoneForMatch('07700 900123')).toBe('+447700900123');
    expect(normalisePhoneForMatch('+44 (0)7700 900123')).toBe('+447700900123');
    expect(normalisePhoneForMatch('447700900123')).toBe('+447700900123');
    expect(normalisePhoneForMatch('+1 201 555 0123')).toBe('+12015550123');
    expect(normalisePhoneForMatch('ask at desk')).toBeNull();
    expect(normalisePhoneForMatch('')).toBeNull();
  });

  it('compares names without case, accents, spaces, hyphens or apostrophes', () => {
    expect(nameKey('Siân')).toBe(nameKey('SIAN'));
    expect(nameKey("O'Brien")).toBe(nameKey('obrien'));
    expect(nameKey('Smith-Jones')).toBe(nameKey('Smith Jones'));
    expect(nameKey('Zoë')).toBe('zoe');
    expect(nameKey(" -' ")).toBe('');
  });
});

describe('the match rules', () => {
  it('the same email in any case is high', () => {
    expect(
      matchCandidate({ firstName: 'S', lastName: 'Other', email: 'SIAN.OBRIEN@example.com' }, friend()),
    ).toEqual({ referralId: 'r1', confidence: 'high', reasons: ['same_email'] });
  });

  it('the same UK phone and the same surname is high, however each was written', () => {
    expect(
      matchCandidate({ firstName: 'Mary', lastName: 'OBRIEN', phone: '07700 900123' }, friend()),
    ).toEqual({ referralId: 'r1', confidence: 'high', reasons: ['same_phone_and_surname'] });
  });

  it('the same phone of another country and the same surname is low', () => {
    const abroad = friend({ phone: '+12015550123' });
    expect(
      matchCandidate({ firstName: 'Mary', lastName: "O'Brien", phone: '+1 201 555 0123' }, abroad),
    ).toEqual({ referralId: 'r1', confidence: 'low', reasons: ['same_phone_and_surname'] });
  });

  it('the same phone with a different surname is low, and says so', () => {
    expect(matchCandidate({ firstName: 'Siân', lastName: 'Evans', phone: '07700900123' }, friend())).toEqual({
      referralId: 'r1',
      confidence: 'low',
      reasons: ['same_phone_other_surname'],
    });
  });

  it('the same phone where the friend has no surname left to compare is low', () => {
    expect(
      matchCandidate(
        { firstName: 'Siân', lastName: 'Evans', phone: '07700900123' },
        friend({ lastName: '' }),
      ),
    ).toEqual({ referralId: 'r1', confidence: 'low', reasons: ['same_phone'] });
  });

  it('the same full name alone is low', () => {
    expect(
      matchCandidate(
        { firstName: 'sian', lastName: 'O Brien', email: 'other@example.com', phone: '07700 900999' },
        friend(),
      ),
    ).toEqual({ referralId: 'r1', confidence: 'low', reasons: ['same_full_name'] });
  });

  it('the same surname alone, or the same first name alone, is no match', () => {
    expect(matchCandidate({ firstName: 'Mary', lastName: "O'Brien" }, friend())).toBeNull();
    expect(matchCandidate({ firstName: 'Siân', lastName: 'Evans' }, friend())).toBeNull();
  });

  it('collects every reason, and is high when any of them is', () => {
    expect(
      matchCandidate(
        { firstName: 'Sian', lastName: "O'Brien", email: 'sian.obrien@example.com', phone: '07700900123' },
        friend(),
      ),
    ).toEqual({
      referralId: 'r1',
      confidence: 'high',
      reasons: ['same_email', 'same_phone_and_surname', 'same_full_name'],
    });
  });

  it('never proposes a self-referral, a referral at Payment Due, or a friend whose data was erased', () => {
    const record = { firstName: 'Siân', lastName: "O'Brien", email: 'sian.obrien@example.com' };
    expect(matchCandidate(record, friend({ isSelfReferral: true }))).toBeNull();
    expect(matchCandidate(record, friend({ status: 'payment_due' }))).toBeNull();
    expect(matchCandidate(record, friend({ erased: true }))).toBeNull();
    expect(matchCandidate(record, friend({ status: 'in_progress' }))?.confidence).toBe('high');
  });

  it('matches nothing on blanks: no email, no phone, no name letters', () => {
    const blank = friend({ email: null, phone: null, firstName: '', lastName: '' });
    expect(matchCandidate({ firstName: '', lastName: '', email: '', phone: '' }, blank)).toBeNull();
  });
});

describe('matchRecord', () => {
  it('gives every referral matched, the surest first', () => {
    const candidates = [
      friend({ referralId: 'name-only', email: 'x@example.com', phone: null }),
      friend({ referralId: 'by-email', phone: null }),
      friend({ referralId: 'self', isSelfReferral: true }),
      friend({ referralId: 'stranger', firstName: 'Ann', lastName: 'Lee', email: null, phone: null }),
    ];
    const matches = matchRecord(
      { firstName: 'Siân', lastName: "O'Brien", email: 'sian.obrien@example.com' },
      candidates,
    );
    expect(matches.map((m) => [m.referralId, m.confidence])).toEqual([
      ['by-email', 'high'],
      ['name-only', 'low'],
    ]);
  });

  it('a full name more than a few friends share proposes none of them by the name alone', () => {
    const namesakes = (n: number) =>
      Array.from({ length: n }, (_, i) =>
        friend({ referralId: `namesake-${i}`, email: `other${i}@example.com`, phone: null }),
      );
    const record = { firstName: 'Sian', lastName: 'OBrien', email: 'sian.obrien@example.com' };
    // A few namesakes: each is proposed (low), for staff to tell apart.
    expect(matchRecord(record, namesakes(COMMON_NAME_LIMIT))).toHaveLength(COMMON_NAME_LIMIT);
    // More: the name alone says nothing, and none is proposed; a match by email still is.
    const many = [...namesakes(COMMON_NAME_LIMIT + 1), friend({ referralId: 'by-email', phone: null })];
    expect(matchRecord(record, many).map((m) => [m.referralId, m.reasons])).toEqual([
      ['by-email', ['same_email', 'same_full_name']],
    ]);
  });
});
