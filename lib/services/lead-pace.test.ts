import { LEAD_PACE_CAP_MS, LEAD_PACE_WINDOW, LeadPace } from './lead-pace';

describe('LeadPace (issue 28, point 6)', () => {
  it('answers no sooner than the floor while the writes are quick', () => {
    const pace = new LeadPace();
    expect(pace.minimumMs(250)).toBe(250);
    pace.note(40);
    pace.note(12);
    expect(pace.minimumMs(250)).toBe(250);
  });

  it('follows the slowest recent write when the machine is loaded, so a quick repeat waits as long', () => {
    const pace = new LeadPace();
    for (const ms of [374, 889, 360, 910, 401]) pace.note(ms);
    expect(pace.minimumMs(250)).toBe(910);
  });

  it('forgets a slow write after the window, and never waits past the cap', () => {
    const pace = new LeadPace();
    pace.note(60_000);
    expect(pace.minimumMs(250)).toBe(LEAD_PACE_CAP_MS);
    for (let i = 0; i < LEAD_PACE_WINDOW; i++) pace.note(30);
    expect(pace.minimumMs(250)).toBe(250);
  });

  it('waits for nothing when the floor is turned off (LEAD_ANSWER_MIN_MS=0)', () => {
    const pace = new LeadPace();
    pace.note(900);
    expect(pace.minimumMs(0)).toBe(0);
  });
});
