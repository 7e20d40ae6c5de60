import {
  brandedCardToken,
  cardIdentity,
  cardKeyOf,
  cardNameSlug,
  cardPathOf,
  cardUrlOf,
  CARD_KEY_ALPHABET,
} from './card-address';

describe('cardNameSlug', () => {
  it.each([
    ['jane', 'smith', 'jane-smith'],
    ['Mary-Jane', "O'Neil", 'mary-jane-oneil'],
    ['Zoë', 'Brontë', 'zoe-bronte'],
    ['  Van der ', ' Berg ', 'van-der-berg'],
    ['李', '雷', 'card'],
    // Issue 29, point 7: an accent is not a word break, apostrophes go, letters that do not decompose fold.
    ['Siobhán', "O'Neill", 'siobhan-oneill'],
    ['Siobhán', 'O’Neill', 'siobhan-oneill'],
    ['Zoë', 'Brontë-Núñez', 'zoe-bronte-nunez'],
    ['Søren', 'Kierkegård', 'soren-kierkegard'],
    ['Ærø', 'Strauß', 'aero-strauss'],
    ['Łukasz', 'Żółć', 'lukasz-zolc'],
    ['Þóra', 'Đorđević', 'thora-dordevic'],
    ['Chloé', "D'Arcy-Smythe", 'chloe-darcy-smythe'],
    ['ＡＮＮ', 'Ｌｅｅ', 'ann-lee'],
  ])('%p %p → %p', (first, last, slug) => {
    expect(cardNameSlug(first, last)).toBe(slug);
  });

  it('keeps the whole address within the token pattern for very long names', () => {
    const token = brandedCardToken('a'.repeat(80), 'b'.repeat(80), '7kq2x9ab4m');
    expect(token.length).toBeLessThanOrEqual(100);
    expect(token).toMatch(/^[a-z-]+-7kq2x9ab4m$/);
  });
});

describe('cardKeyOf and cardIdentity', () => {
  it('finds the key at the end of a branded address, whatever the name before it', () => {
    expect(cardKeyOf('jane-smith-7kq2x9ab4m')).toBe('7kq2x9ab4m');
    expect(cardKeyOf('someone-else-7kq2x9ab4m')).toBe('7kq2x9ab4m');
    expect(cardKeyOf('7kq2x9ab4m')).toBe('7kq2x9ab4m');
    expect(cardIdentity('jane-smith-7kq2x9ab4m')).toBe('7kq2x9ab4m');
  });

  it('finds no key in a name alone, a key-less slug or a key with letters outside the alphabet', () => {
    for (const token of [
      'JaneSmith',
      'jane-smith',
      'jane-smith-7kq2x9ab4',
      'jane-smith-7kq2x9ab4i',
      'JANE-7KQ2X9AB4M',
    ]) {
      expect(cardKeyOf(token)).toBeNull();
      expect(cardIdentity(token)).toBe(token);
    }
  });

  it('uses 32 characters without i, l, o and u', () => {
    expect(new Set(CARD_KEY_ALPHABET).size).toBe(32);
    expect(CARD_KEY_ALPHABET).not.toMatch(/[ilou]/);
  });
});

describe('cardPathOf and cardUrlOf', () => {
  it('give the one readable, ASCII link of a card', () => {
    const client = { firstName: 'Siobhán', lastName: "O'Neill", cardKey: '7kq2x9ab4m' };
    expect(cardPathOf(client)).toBe('/card/siobhan-oneill-7kq2x9ab4m');
    expect(cardUrlOf('https://referrals.example', client)).toBe(
      'https://referrals.example/card/siobhan-oneill-7kq2x9ab4m',
    );
  });

  it('keep an earlier spelling of the same card on the same identity (old emails stay valid)', () => {
    const now = cardPathOf({ firstName: 'Siobhán', lastName: "O'Neill", cardKey: '7kq2x9ab4m' });
    expect(cardIdentity('siobha-n-oneill-7kq2x9ab4m')).toBe(cardIdentity(now.slice('/card/'.length)));
  });
});
