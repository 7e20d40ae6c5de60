import { bonusLeaderboard, ordinal, reviewLeaderboard } from './leaderboards';
import { row } from './team-fixtures';
import { countLabel } from './team-text';

describe('leaderboards', () => {
  const rows = [
    row({ teamMemberId: 'a', name: 'Amy', reviewsCount: 2, totalEarned: 20 }),
    row({ teamMemberId: 'b', name: 'Ben', reviewsCount: 5, totalEarned: 40 }),
    row({ teamMemberId: 'c', name: 'Cat', reviewsCount: 5, totalEarned: 50 }),
    row({ teamMemberId: 'd', name: 'Dan', reviewsCount: 1, totalEarned: 10 }),
    row({ teamMemberId: 'e', name: 'Eve', reviewsCount: 0, totalEarned: 0 }),
  ];

  it('ranks by review count, ties share a place and then go by name; medals for the top three places', () => {
    const ranked = reviewLeaderboard(rows);
    expect(ranked.map((e) => [e.row.name, e.rank, e.medal])).toEqual([
      ['Ben', 1, 'Gold'],
      ['Cat', 1, 'Gold'],
      ['Amy', 3, 'Bronze'],
      ['Dan', 4, null],
      ['Eve', 5, null],
    ]);
  });

  it('gives no medal to a member without reviews, even in the top three', () => {
    const ranked = reviewLeaderboard([
      row({ name: 'A', reviewsCount: 1 }),
      row({ name: 'B' }),
      row({ name: 'C' }),
    ]);
    expect(ranked.map((e) => [e.row.name, e.rank, e.medal])).toEqual([
      ['A', 1, 'Gold'],
      ['B', 2, null],
      ['C', 2, null],
    ]);
  });

  it('ranks the team bonus by earnings', () => {
    const ranked = bonusLeaderboard(rows);
    expect(ranked.map((e) => [e.row.name, e.rank, e.medal])).toEqual([
      ['Cat', 1, 'Gold'],
      ['Ben', 2, 'Silver'],
      ['Amy', 3, 'Bronze'],
      ['Dan', 4, null],
      ['Eve', 5, null],
    ]);
  });

  it('does not change the list it was given', () => {
    const copy = [...rows];
    reviewLeaderboard(rows);
    expect(rows).toEqual(copy);
  });

  it('writes ordinals', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '23rd',
      '101st',
      '111th',
    ]);
  });

  it('counts in words', () => {
    expect(countLabel(1, 'review')).toBe('1 review');
    expect(countLabel(0, 'review')).toBe('0 reviews');
    expect(countLabel(1200, 'scan')).toBe('1,200 scans');
  });
});
