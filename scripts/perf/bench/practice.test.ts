import { checkPracticeRecords } from '@/lib/validation/practice-records';
import { practiceEvents } from './practice';

const friends = Array.from({ length: 30 }, (_, i) => ({
  firstName: `Friend${i}`,
  lastName: `Surname${i}`,
  email: `lead${i}@friends.bench.example`,
  phone: `+4477${String(i).padStart(8, '0')}`,
}));

describe('the practice bench’s records', () => {
  it('plants a tenth of friends by email and a twentieth by phone and surname; the rest are strangers', () => {
    const { events, byEmail, byPhone } = practiceEvents(friends, 200, 'x-');
    expect(events).toHaveLength(200);
    expect(byEmail).toBe(20);
    expect(byPhone).toBe(10);
    expect(events[0]).toMatchObject({ email: 'lead0@friends.bench.example', lastName: 'Surname0' });
    expect(events[20]).toMatchObject({ phone: '+447700000020', lastName: 'Surname20', firstName: 'Pat' });
    expect(events[20]).not.toHaveProperty('email');
    expect(events[199]).toMatchObject({ email: 'x-patient199@practice.bench.example' });
    expect(new Set(events.map((e) => e.externalEventId)).size).toBe(200);
  });

  it('sends records the integration API takes, every one of them', () => {
    const { events } = practiceEvents(friends, 500, 'y-');
    const checked = checkPracticeRecords(events, new Date());
    expect(checked.problems).toEqual([]);
  });

  it('plants no more friends than the seed gave', () => {
    const { byEmail, byPhone } = practiceEvents(friends.slice(0, 5), 1000, 'z-');
    expect(byEmail + byPhone).toBeLessThanOrEqual(5);
  });
});
