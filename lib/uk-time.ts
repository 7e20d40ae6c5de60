/** Calendar facts in the clinic's time zone (Europe/London), whatever the server's own zone is. */

const DAY_MS = 86_400_000;
const isoDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' });

/** The UK date of an instant as YYYY-MM-DD: 2025-07-31T23:30Z is 2025-08-01 (summer time). */
export function ukDateString(instant: Date): string {
  return isoDate.format(instant);
}

/** The year and month (1-12) it is in the UK at an instant. */
export function currentUkMonth(now = new Date()): { year: number; month: number } {
  const [year, month] = ukDateString(now).split('-').map(Number);
  return { year: year!, month: month! };
}

/** Calendar days in the UK between two instants: 23:00 yesterday to 08:00 today is 1 day. Never negative. */
export function ukDaysBetween(from: Date, to: Date): number {
  const day = (d: Date) => Date.parse(`${ukDateString(d)}T00:00:00Z`);
  return Math.max(0, Math.round((day(to) - day(from)) / DAY_MS));
}
