import type { ClientDto } from '@/lib/dto/clients';
import {
  confirmsReferralName,
  DEFAULT_REWARD_POUNDS,
  leaderboardEntries,
  ordinal,
  referralStage,
  resultCountText,
  rewardOf,
} from './referral-helpers';

let seq = 0;

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
    phone: null,
    cardEmail: null,
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

describe('confirmsReferralName', () => {
  it('accepts the name in any case, and nothing else', () => {
    expect(confirmsReferralName('Jane Doe', 'Jane Doe')).toBe(true);
    expect(confirmsReferralName('  jane DOE ', 'Jane Doe')).toBe(true);
    expect(confirmsReferralName('Jane', 'Jane Doe')).toBe(false);
    expect(confirmsReferralName('', 'Jane Doe')).toBe(false);
    expect(confirmsReferralName('Jane  Doe', 'Jane Doe')).toBe(false);
  });
});
