import type { ClientDto } from '@/lib/dto/clients';
import type { ReferralDto } from '@/lib/dto/referrals';
import {
  appendReferralPage,
  confirmsReferralName,
  countAfter,
  DEFAULT_REWARD_POUNDS,
  leaderboardEntries,
  ordinal,
  referralStage,
  resultCountText,
  rewardOf,
  withReferralChange,
  withReferralCount,
} from './referral-helpers';

let seq = 0;

function referral(overrides: Partial<ReferralDto> = {}): ReferralDto {
  seq += 1;
  return {
    id: `r${seq}`,
    leadId: `l${seq}`,
    referrerId: 'c1',
    referrerName: 'Olivia Smith',
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
    selfReferral: false,
    ...overrides,
  };
}

function client(overrides: Partial<ClientDto> = {}): ClientDto {
  seq += 1;
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
    bankDetailsHeldAt: null,
    bankDetailsChangedBy: null,
    referralCount: 0,
    ...overrides,
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

describe('resultCountText', () => {
  it('counts in en-GB, singular for one', () => {
    expect(resultCountText(0)).toBe('0 results');
    expect(resultCountText(1)).toBe('1 result');
    expect(resultCountText(1204)).toBe('1,204 results');
  });
});

describe('leaderboardEntries', () => {
  it("takes the server's ranking: place by position, medals for the first three", () => {
    const ranked = [
      client({ firstName: 'Top', referralCount: 3 }),
      client({ firstName: 'Early', referralCount: 2 }),
      client({ firstName: 'Late', referralCount: 2 }),
      client({ firstName: 'One', referralCount: 1 }),
    ];
    const board = leaderboardEntries(ranked);
    expect(board.map((e) => e.client.firstName)).toEqual(['Top', 'Early', 'Late', 'One']);
    expect(board.map((e) => [e.rank, e.count, e.medal])).toEqual([
      [1, 3, 'Gold'],
      [2, 2, 'Silver'],
      [3, 2, 'Bronze'],
      [4, 1, null],
    ]);
  });

  it('keeps the top ten and is empty when the server ranks nobody', () => {
    const many = Array.from({ length: 12 }, (_, i) => client({ firstName: `C${i}`, referralCount: 12 - i }));
    const board = leaderboardEntries(many);
    expect(board).toHaveLength(10);
    expect(board[9]?.rank).toBe(10);
    expect(leaderboardEntries([])).toEqual([]);
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

describe('referral changes: the count follows what happened, never the loaded list', () => {
  it('a new referral goes first and adds one to the count, whatever has been loaded', () => {
    const old = referral({ createdAt: '2026-01-01T00:00:00Z' });
    const added = referral({ createdAt: '2026-02-01T00:00:00Z' });
    const change = { kind: 'new', referral: added } as const;
    expect(withReferralChange([old], change).map((x) => x.id)).toEqual([added.id, old.id]);
    // 250 referrals, of which one page was loaded (or none at all): 251.
    expect(withReferralCount(client({ referralCount: 250 }), change).referralCount).toBe(251);
    expect(countAfter(0, change)).toBe(1);
  });

  it('a changed referral is replaced where it is, and the count stays', () => {
    const x = referral();
    const y = referral();
    const changed = { ...y, status: 'Payment Due' as const, rewardAmount: 200 };
    const change = { kind: 'changed', referral: changed } as const;
    expect(withReferralChange([x, y], change)).toEqual([x, changed]);
    const base = client({ referralCount: 120 });
    expect(withReferralCount(base, change)).toBe(base);
  });

  it('a changed referral that is not loaded stays out (its page brings it as it now is)', () => {
    const loaded = [referral()];
    expect(withReferralChange(loaded, { kind: 'changed', referral: referral() })).toBe(loaded);
  });

  it('a deleted referral leaves the list and takes one from the count, never below 0', () => {
    const x = referral();
    const y = referral();
    const change = { kind: 'removed', referralId: x.id } as const;
    expect(withReferralChange([x, y], change)).toEqual([y]);
    expect(withReferralCount(client({ referralCount: 120 }), change).referralCount).toBe(119);
    // Deleted but never loaded (deleted from a search): still one fewer.
    expect(withReferralCount(client({ referralCount: 1 }), change).referralCount).toBe(0);
    expect(countAfter(0, change)).toBe(0);
  });

  it('a referral a search showed goes in its place by date, without counting it again', () => {
    const newer = referral({ createdAt: '2026-03-01T00:00:00Z' });
    const older = referral({ createdAt: '2026-01-01T00:00:00Z' });
    const found = referral({ createdAt: '2026-02-01T00:00:00Z' });
    const change = { kind: 'shown', referral: found } as const;
    expect(withReferralChange([newer, older], change).map((x) => x.id)).toEqual([
      newer.id,
      found.id,
      older.id,
    ]);
    expect(withReferralChange([newer, found], change).map((x) => x.id)).toEqual([newer.id, found.id]);
    expect(countAfter(7, change)).toBe(7);
  });

  it('the next page follows the loaded referrals, without repeating one already shown', () => {
    const a = referral({ createdAt: '2026-04-01T00:00:00Z' });
    const b = referral({ createdAt: '2026-03-01T00:00:00Z' });
    const c = referral({ createdAt: '2026-02-01T00:00:00Z' });
    const d = referral({ createdAt: '2026-01-01T00:00:00Z' });
    // c was shown by a search before its page came.
    expect(appendReferralPage([a, c], [b, c, d]).map((x) => x.id)).toEqual([a.id, b.id, c.id, d.id]);
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
