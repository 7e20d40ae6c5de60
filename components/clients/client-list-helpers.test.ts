import { showingText, withClient, withFirstPage, withNextPage } from './client-list-helpers';
import type { ClientDto } from './types';

function client(id: string): ClientDto {
  return {
    id,
    firstName: 'Olivia',
    lastName: id,
    email: `${id}@example.com`,
    cardNumber: 'SC-ABCD-EFGH-2345',
    inviteToken: 'tok',
    webUrl: 'http://x/card/tok',
    brandedUrl: 'http://x/card/OliviaSmith',
    affiliateCompany: null,
    createdAt: '2026-01-01T09:00:00.000Z',
    referralCount: 0,
    hasBankDetails: false,
    bacsRequested: false,
    bacsRequestedAt: null,
    bankDetailsHeldAt: null,
    bankDetailsChangedBy: null,
  };
}

const ids = (list: readonly ClientDto[]) => list.map((c) => c.id);

describe('the paged client list', () => {
  it('keeps clients added while the first page loaded in front, once', () => {
    expect(ids(withFirstPage([client('b'), client('c')], [client('a'), client('b')]))).toEqual([
      'a',
      'b',
      'c',
    ]);
  });

  it('appends the next page without repeating a client put in front of it', () => {
    expect(ids(withNextPage([client('x'), client('a')], [client('b'), client('x'), client('c')]))).toEqual([
      'x',
      'a',
      'b',
      'c',
    ]);
  });

  it('puts an unknown client at the top and replaces a known one where it is', () => {
    const list = [client('a'), client('b')];
    expect(ids(withClient(list, client('c')))).toEqual(['c', 'a', 'b']);
    const renamed = { ...client('b'), firstName: 'Amelia' };
    expect(withClient(list, renamed)).toEqual([list[0], renamed]);
  });

  it('says how many are shown, in en-GB numbers', () => {
    expect(showingText(50, 100_000)).toBe('Showing 50 of 100,000 clients');
    expect(showingText(1, 1)).toBe('Showing 1 of 1 client');
    // Never fewer in all than on screen (clients added elsewhere meanwhile).
    expect(showingText(51, 50)).toBe('Showing 51 of 51 clients');
  });
});
