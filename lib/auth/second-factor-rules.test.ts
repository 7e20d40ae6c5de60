import { factorVerdict, moneyVerdict, setUpBanner, type FactorState } from './second-factor-rules';

const NOW = new Date('2026-11-27T12:00:00Z');
const hoursAgo = (h: number) => new Date(NOW.getTime() - h * 3_600_000);
const admin = (over: Partial<FactorState> = {}): FactorState => ({
  isFullAdmin: true,
  hasSecondFactor: false,
  secondFactorAt: null,
  secondFactorGraceUntil: null,
  ...over,
});

describe('factorVerdict', () => {
  it('asks a full admin without a factor to set one up', () => {
    expect(factorVerdict(admin(), true, NOW)).toBe('set-up');
  });
  it('lets a full admin with a factor through', () => {
    expect(factorVerdict(admin({ hasSecondFactor: true }), true, NOW)).toBe('ok');
  });
  it('lets an upgraded admin through during the grace, not after it', () => {
    expect(factorVerdict(admin({ secondFactorGraceUntil: hoursAgo(-1) }), true, NOW)).toBe('ok');
    expect(factorVerdict(admin({ secondFactorGraceUntil: hoursAgo(1) }), true, NOW)).toBe('set-up');
  });
  it('asks nothing when the operator turned the rule off, or of staff who are not full admins', () => {
    expect(factorVerdict(admin(), false, NOW)).toBe('ok');
    expect(factorVerdict(admin({ isFullAdmin: false }), true, NOW)).toBe('ok');
  });
});

describe('moneyVerdict', () => {
  it('needs the factor used within the last 12 hours', () => {
    expect(moneyVerdict(admin({ hasSecondFactor: true, secondFactorAt: hoursAgo(1) }), true, NOW)).toBe('ok');
    expect(moneyVerdict(admin({ hasSecondFactor: true, secondFactorAt: hoursAgo(11.9) }), true, NOW)).toBe(
      'ok',
    );
    expect(moneyVerdict(admin({ hasSecondFactor: true, secondFactorAt: hoursAgo(12) }), true, NOW)).toBe(
      'step-up',
    );
    expect(moneyVerdict(admin({ hasSecondFactor: true }), true, NOW)).toBe('step-up');
  });
  it('asks to set one up first when there is none', () => {
    expect(moneyVerdict(admin(), true, NOW)).toBe('set-up');
  });
  it('lets an admin in grace without a factor pay (there is nothing to confirm)', () => {
    expect(moneyVerdict(admin({ secondFactorGraceUntil: hoursAgo(-24) }), true, NOW)).toBe('ok');
  });
  it('asks nothing when the rule is off', () => {
    expect(moneyVerdict(admin({ hasSecondFactor: true }), false, NOW)).toBe('ok');
  });
});

describe('setUpBanner', () => {
  it('shows for a full admin without a factor, with the grace date while it runs', () => {
    const until = hoursAgo(-48);
    expect(setUpBanner(admin({ secondFactorGraceUntil: until }), true, NOW)).toEqual({
      show: true,
      graceUntil: until,
    });
    expect(setUpBanner(admin(), true, NOW)).toEqual({ show: true, graceUntil: null });
  });
  it('does not show once a factor is set up, for other staff, or when the rule is off', () => {
    expect(setUpBanner(admin({ hasSecondFactor: true }), true, NOW)).toEqual({ show: false });
    expect(setUpBanner(admin({ isFullAdmin: false }), true, NOW)).toEqual({ show: false });
    expect(setUpBanner(admin(), false, NOW)).toEqual({ show: false });
  });
});
