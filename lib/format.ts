/** en-GB dates, the only place dates are turned into text (money: lib/money.ts). */

/** 22 Nov 2026 */
export function formatDate(value: Date | string): string {
  return new Date(value).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
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
