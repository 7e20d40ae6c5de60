/** en-GB dates, the only place dates are turned into text (money: lib/money.ts). */

/** 22 Nov 2026, the UK's date (the same on the server and in a browser elsewhere). */
export function formatDate(value: Date | string): string {
  return new Date(value).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'Europe/London',
  });
}

/** 22/11/2026, 14:05 */
export function formatDateTime(value: Date | string): string {
  return new Date(value).toLocaleString('en-GB', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Europe/London',
  });
}

/** How long something has waited, for a list of leads: 'under a minute', '12 min', '3 h', '2 days'. */
export function waitedFor(since: Date | string, now: Date = new Date()): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - new Date(since).getTime()) / 60_000));
  if (minutes < 1) return 'under a minute';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h`;
  return `${Math.floor(hours / 24)} days`;
}

/**
 * A stored phone number as people in the UK write it (issue 29, point 11): '+447700900123' is '07700 900123',
 * a London number '020 7946 0018', most landlines '01632 960123' or '0113 496 0000'. A number from another
 * country (whose groups differ by country) and anything unexpected are shown as they were stored.
 */
export function formatPhone(phone: string): string {
  const compact = phone.replace(/[^\d+]/g, '');
  const uk = /^(?:\+44|0044)0?(\d{9,10})$/.exec(compact) ?? /^0(\d{9,10})$/.exec(compact);
  if (uk) {
    const national = `0${uk[1]}`;
    if (national.length !== 11) return national;
    const group = (...sizes: number[]) => {
      let at = 0;
      return sizes.map((size) => national.slice(at, (at += size))).join(' ');
    };
    if (/^02/.test(national)) return group(3, 4, 4);
    if (/^01\d1/.test(national) || /^011/.test(national) || /^0[389]/.test(national)) return group(4, 3, 4);
    return group(5, 6);
  }
  return phone;
}

/** The tel: address of a phone number, which phones and mail apps dial with one tap: 'tel:+447700900123'. */
export function telHref(phone: string): string {
  const compact = phone.replace(/[^\d+]/g, '');
  const uk = /^0(\d{9,10})$/.exec(compact);
  return `tel:${uk ? `+44${uk[1]}` : compact}`;
}
