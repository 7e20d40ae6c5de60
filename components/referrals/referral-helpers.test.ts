import type { ClientDto } from '@/lib/dto/clients';
import type { ReferralDto } from '@/lib/dto/referrals';
import {
  clientMatches,
  confirmsReferralName,
  DEFAULT_REWARD_POUNDS,
  leaderboard,
  ordinal,
  referralMatches,
  referralStage,
  resultCountText,
  rewardOf,
  searchClients,
  searchReferrals,
  withoutReferral,
  withReferral,
} from './referral-helpers';

let seq = 0;

function referral(overrides: Partial<ReferralDto> = {}): ReferralDto {
  seq += 1;
  return {
    id: `r${seq}`,
    leadId: `l${seq}`,
    referrerId: 'c1',
    status: 'pending',
    rewardAmount: null,
    rewardPaid: false,
    paid: false,
    paidAt: null,
    convertedAt: null,
    createdAt: '2026-01-01T10:00:00.000Z',
    updatedAt: '2026-01-01T10:00:00.000Z',
    name: 'Jane Doe',
    email: 'jane@example.com',
    phone: '+447123456789',
    ...overrides,
  };
}

function client(overrides: Partial<ClientDto> = {}): ClientDto {
  seq += 1;
  const referrals = overrides.referrals ?? [];
  return {
    id: `c${seq}`,
    firstName: 'Olivia',
    lastName: 'Smith',
    email: `olivia${seq}@example.com`,
    cardNumber: 'SC-ABCD-EFGH-2345',
    inviteToken: 'tok',
    webUrl: 'http://x/card/tok',
    brandedUrl: 'http://x/card/OliviaSmith',
    affiliateCompany: null,
    createdAt: '2026-01-01T09:00:00.000Z',
    hasBankDetails: false,
    bacsRequested: false,
    bacsRequestedAt: null,
    ...overrides,
    referrals,
    referralCount: overrides.referralCount ?? referrals.length,
  };
}

describe('referralStage and rewardOf', () => {
  it('follows the status and the paid flag', () => {
    expect(referralStage({ status: 'pending', rewardPaid: false })).toBe('pending');
    expect(referralStage({ status: 'In Progress', rewardPaid: false })).toBe('inProgress');
    expect(referralStage({ status: 'Payment Due', rewardPaid: false })).toBe('owed');
    expect(referralStage({ status: 'Payment Due', rewardPaid: true })).toBe('paid');
  });

  it('has a reward only once the story started, falling back to the default', () => {
    expect(rewardOf({ status: 'pending', rewardAmount: 0 })).toBeNull();
    expect(rewardOf({ status: 'Payment Due', rewardAmount: 200 })).toBe(200);
    expect(rewardOf({ status: 'Payment Due', rewardAmount: null })).toBe(DEFAULT_REWARD_POUNDS);
  });
});

describe('client search', () => {
  const jane = client({
    firstName: 'Jane',
    lastName: 'Zoë-Brown',
    email: 'jane.brown@example.com',
    cardNumber: 'SC-WXYZ-K7M2-8834',
    affiliateCompany: 'Acme Dental Ltd',
  });
  const tom = client({ firstName: 'Tom', lastName: 'Jones', email: 'tom@jones.test' });

  it('matches name, email, card number (with or without hyphens) and company, ignoring case and spaces', () => {
    expect(clientMatches(jane, '  JANE ')).toBe(true);
    expect(clientMatches(jane, 'jane zoe-brown')).toBe(true);
    expect(clientMatches(jane, 'brown@EXAMPLE')).toBe(true);
    expect(clientMatches(jane, 'sc-wxyz-k7m2')).toBe(true);
    expect(clientMatches(jane, 'wxyzk7m2')).toBe(true);
    expect(clientMatches(jane, 'acme')).toBe(true);
    // Words may come from different fields, in any order.
    expect(clientMatches(jane, 'acme jane')).toBe(true);
    expect(clientMatches(jane, 'acme tom')).toBe(false);
  });

  it('finds nothing for an empty query and keeps the list order', () => {
    expect(searchClients([jane, tom], '   ')).toEqual([]);
    expect(searchClients([tom, jane], 'j')).toEqual([tom, jane]);
    expect(searchClients([tom, jane], 'jones')).toEqual([tom]);
  });
});

describe('referral search', () => {
  const a = referral({
    name: 'Amy Lee',
    email: 'amy@lee.test',
    phone: '+447700900123',
    createdAt: '2026-02-01T00:00:00Z',
  });
  const b = referral({
    name: 'Ben Ng',
    email: 'ben@ng.test',
    phone: null,
    createdAt: '2026-03-01T00:00:00Z',
  });
  const c = referral({
    name: 'Amy Stone',
    email: 'stone@x.test',
    phone: '+12015550123',
    createdAt: '2026-01-01T00:00:00Z',
  });
  const first = client({ referrals: [a, c] });
  const second = client({ referrals: [b] });

  it('matches the lead name and email', () => {
    expect(referralMatches(a, 'amy')).toBe(true);
    expect(referralMatches(a, 'LEE.TEST')).toBe(true);
    expect(referralMatches(b, 'amy')).toBe(false);
  });

  it('matches the phone however it is typed', () => {
    expect(referralMatches(a, '07700 900123')).toBe(true);
    expect(referralMatches(a, '+44 7700 900123')).toBe(true);
    expect(referralMatches(a, '900 123')).toBe(true);
    expect(referralMatches(c, '(201) 555-0123')).toBe(true);
    expect(referralMatches(a, '555')).toBe(false);
    expect(referralMatches(b, '0770')).toBe(false);
  });

  it('searches every client, newest referral first, with the referrer', () => {
    const found = searchReferrals([first, second], 'amy');
    expect(found.map((m) => [m.referral.id, m.client.id])).toEqual([
      [a.id, first.id],
      [c.id, first.id],
    ]);
    expect(searchReferrals([first, second], 'test').map((m) => m.referral.id)).toEqual([b.id, a.id, c.id]);
    expect(searchReferrals([first, second], ' ')).toEqual([]);
  });
});

describe('resultCountText', () => {
  it('counts in en-GB, singular for one', () => {
    expect(resultCountText(0)).toBe('0 results');
    expect(resultCountText(1)).toBe('1 result');
    expect(resultCountText(1204)).toBe('1,204 results');
  });
});

describe('leaderboard', () => {
  const r = () => referral();
  const early = client({ firstName: 'Early', createdAt: '2025-01-01T00:00:00Z', referrals: [r(), r()] });
  const late = client({ firstName: 'Late', createdAt: '2025-06-01T00:00:00Z', referrals: [r(), r()] });
  const top = client({ firstName: 'Top', createdAt: '2026-01-01T00:00:00Z', referrals: [r(), r(), r()] });
  const one = client({ firstName: 'One', referrals: [r()] });
  const none = client({ firstName: 'None' });

  it('ranks by referral count, earlier-registered first on a tie, without clients who referred no one', () => {
    const board = leaderboard([none, one, late, top, early]);
    expect(board.map((e) => e.client.firstName)).toEqual(['Top', 'Early', 'Late', 'One']);
    expect(board.map((e) => [e.rank, e.count, e.medal])).toEqual([
      [1, 3, 'Gold'],
      [2, 2, 'Silver'],
      [3, 2, 'Bronze'],
      [4, 1, null],
    ]);
  });

  it('keeps the top ten and is empty when nobody has referred anyone', () => {
    const many = Array.from({ length: 12 }, (_, i) =>
      client({ firstName: `C${i}`, referrals: Array.from({ length: 12 - i }, r) }),
    );
    const board = leaderboard(many);
    expect(board).toHaveLength(10);
    expect(board[0]?.client.firstName).toBe('C0');
    expect(board[9]?.client.firstName).toBe('C9');
    expect(leaderboard([none])).toEqual([]);
  });
});

describe('ordinal', () => {
  it('writes English ordinals', () => {
    expect([1, 2, 3, 4, 10, 11, 12, 13, 21, 22, 101, 111].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '10th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '101st',
      '111th',
    ]);
  });
});

describe('withReferral and withoutReferral', () => {
  it('adds a new referral at the top and keeps the count equal to the list', () => {
    const old = referral();
    const base = client({ referrals: [old] });
    const added = referral();
    const next = withReferral(base, added);
    expect(next.referrals.map((x) => x.id)).toEqual([added.id, old.id]);
    expect(next.referralCount).toBe(2);
    expect(base.referrals).toHaveLength(1);
  });

  it('replaces a known referral where it is', () => {
    const x = referral();
    const y = referral();
    const base = client({ referrals: [x, y] });
    const changed = { ...y, status: 'Payment Due' as const, rewardAmount: 200 };
    const next = withReferral(base, changed);
    expect(next.referrals).toEqual([x, changed]);
    expect(next.referralCount).toBe(2);
  });

  it('removes one and recounts (a stale count is corrected)', () => {
    const x = referral();
    const y = referral();
    const base = client({ referrals: [x, y], referralCount: 5 });
    const next = withoutReferral(base, x.id);
    expect(next.referrals).toEqual([y]);
    expect(next.referralCount).toBe(1);
    expect(withoutReferral(next, 'missing').referralCount).toBe(1);
  });
});

describe('confirmsReferralName', () => {
  it('accepts the name in any case, and nothing else', () => {
    expect(confirmsReferralName('Jane Doe', 'Jane Doe')).toBe(true);
    expect(confirmsReferralName('  jane DOE ', 'Jane Doe')).toBe(true);
    expect(confirmsReferralName('Jane', 'Jane Doe')).toBe(false);
    expect(confirmsReferralName('', 'Jane Doe')).toBe(false);
    expect(confirmsReferralName('Jane  Doe', 'Jane Doe')).toBe(false);
  });
});
