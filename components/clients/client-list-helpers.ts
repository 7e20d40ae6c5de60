/** Pure helpers of the clients table. No React, no fetch. */

/** The clients on screen, said in numbers: 'Showing 50 of 100,000 clients'. */
export function showingText(shown: number, total: number): string {
  const of = Math.max(shown, total);
  return `Showing ${shown.toLocaleString('en-GB')} of ${of.toLocaleString('en-GB')} ${of === 1 ? 'client' : 'clients'}`;
}
