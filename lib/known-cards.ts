/**
 * The card identities (cardIdentity in card-address.ts) that this server process has seen a card for. proxy.ts
 * reads it on every /card/{token} request: a known card goes straight to the card page, which reads it uncounted
 * (components/card/load-card.ts), anything else goes through the counted lookup
 * (app/(public)/card-lookup), which answers a miss with the not-found card and counts it against the caller's
 * address. Kept on globalThis because proxy.ts and the
 * app's routes are separate bundles in one Node process. Only found cards are added, so its size is bounded
 * by the number of cards; a card that is deleted is forgotten at once by the instance that deleted it. Another
 * instance may still send that address to the card page, which reads the database and shows the card-not-found
 * card, uncounted: only addresses of real cards are ever known, so no guess escapes the count (issue 32).
 */
const KEY = Symbol.for('smile-referrals.known-card-identities');
const MAX = 200_000;

function known(): Set<string> {
  const store = globalThis as unknown as Record<symbol, Set<string> | undefined>;
  return (store[KEY] ??= new Set());
}

export function isKnownCard(identity: string): boolean {
  return known().has(identity);
}

export function rememberCard(identity: string): void {
  const set = known();
  if (set.size >= MAX) set.clear();
  set.add(identity);
}

export function forgetCards(...identities: (string | null | undefined)[]): void {
  const set = known();
  for (const identity of identities) if (identity) set.delete(identity);
}
