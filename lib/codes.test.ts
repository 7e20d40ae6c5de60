import {
  CARD_NUMBER_PATTERN,
  newCardNumber,
  newInviteToken,
  newTeamMemberCode,
  TEAM_MEMBER_CODE_PATTERN,
} from './codes';

describe('codes', () => {
  it('makes card numbers SC-XXXX-XXXX-XXXX without look-alikes (0, 1, I, O)', () => {
    for (let i = 0; i < 500; i++) {
      const card = newCardNumber();
      expect(card).toMatch(CARD_NUMBER_PATTERN);
      expect(card.slice(3)).not.toMatch(/[01IO]/);
    }
  });

  it('spreads card numbers widely (no repeats in 5,000)', () => {
    const seen = new Set(Array.from({ length: 5000 }, newCardNumber));
    expect(seen.size).toBe(5000);
  });

  it('makes team member codes TM- and four groups from A–Z without O, and 0–9', () => {
    for (let i = 0; i < 500; i++) {
      const code = newTeamMemberCode();
      expect(code).toMatch(TEAM_MEMBER_CODE_PATTERN);
      expect(code.slice(3)).not.toContain('O');
    }
  });

  it('makes URL-safe, unguessable invite tokens', () => {
    const token = newInviteToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(newInviteToken()).not.toBe(token);
  });
});
