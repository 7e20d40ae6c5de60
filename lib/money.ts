/**
 * Money: integer pence in the database, services and sums; pounds only on the wire (DTOs, forms) and on
 * screen. This module is the one place that converts between the two, so rounding happens once, here.
 */

/** £12.50 -> 1250. Rounds to the nearest penny, so 0.1 + 0.2 pounds never becomes 30.000000000000004 pence. */
export function toPence(pounds: number): number {
  return Math.round(pounds * 100);
}

/** 1250 -> 12.5; null and undefined count as nothing owed. */
export function toPounds(pence: number | null | undefined): number {
  return (pence ?? 0) / 100;
}

/** Like toPounds, but keeps "no amount" as null (a self-referral promises no reward). */
export function toPoundsOrNull(pence: number | null | undefined): number | null {
  return pence === null || pence === undefined ? null : pence / 100;
}

/** Adds pound amounts in whole pence, so a column of £0.10s adds up to what a person would write. */
export function sumPounds(amounts: Iterable<number>): number {
  let pence = 0;
  for (const amount of amounts) pence += toPence(amount);
  return toPounds(pence);
}

/** Whether a pound amount is a whole number of pence (12.5 yes, 12.505 no). */
export function isWholePence(pounds: number): boolean {
  return Math.abs(pounds * 100 - Math.round(pounds * 100)) < 1e-6;
}

/** "12.50": pounds with two decimals and no symbol, as a bank file or CSV column wants. */
export function penceToDecimal(pence: number): string {
  return (pence / 100).toFixed(2);
}

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
