/** en-GB money and dates, the only place pounds and dates are turned into text. */

const poundsWhole = new Intl.NumberFormat('en-GB', {
  style: 'currency',
  currency: 'GBP',
  maximumFractionDigits: 0,
});
const poundsPence = new Intl.NumberFormat('en-GB', {
  style: 'currency',
  currency: 'GBP',
  minimumFractionDigits: 2,
});

/** £200, £1,250 for whole pounds; £12.50 otherwise. */
export function formatPounds(amount: number): string {
  return (Number.isInteger(amount) ? poundsWhole : poundsPence).format(amount);
}

/** Integer pence (as stored) to £, always with pence: £10.00. */
export function formatPence(pence: number): string {
  return poundsPence.format(pence / 100);
}

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
