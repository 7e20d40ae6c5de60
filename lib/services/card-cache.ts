import 'server-only';
import { revalidateTag, unstable_cache } from 'next/cache';
import { cardIdentity } from '@/lib/card-address';

/**
 * The public card is read on every scan of a QR code, so the data of its page and of its API answer come from
 * Next's data cache in this process, tagged with the card's identity (its invite token, or the key of its
 * branded address: card-address.ts) and with 'cards' for what every card shows (the reward setting). The page
 * itself is rendered for each request and sent `private, no-store` (issue 28): a person's card is kept by no
 * cache outside the app. Each change that a card shows expires its tags at once, so an edit is seen on the
 * next request and a deleted card is gone. A lookup that finds nothing is never cached (cachedFound): each one
 * is counted against the caller's address (public-limits.ts), and made-up addresses cannot fill the cache. The
 * cache lives in memory only (next.config.js: isrFlushToDisk off, cacheMaxMemorySize).
 */
export const CARDS_TAG = 'cards';
export const cardTag = (identity: string) => `card:${identity}`;

/** The tags of what was found through `token`: its identity's, and the token's own when they differ. */
export function cardTags(token: string): string[] {
  const identity = cardIdentity(token);
  return identity === token ? [cardTag(token)] : [cardTag(identity), cardTag(token)];
}

/** Outside Next's server (the integration tests, scripts) there is no cache to read or expire. */
const outsideNext = (error: unknown, invariant: string) =>
  error instanceof Error && error.message.startsWith(`Invariant: ${invariant}`);

/** `load` through Next's data cache under `key`, until one of `tags` is expired. */
export async function cachedCardData<T>(load: () => Promise<T>, key: string[], tags: string[]): Promise<T> {
  try {
    return await unstable_cache(load, key, { tags, revalidate: false })();
  } catch (error) {
    if (outsideNext(error, 'incrementalCache missing')) return load();
    throw error;
  }
}

/** Thrown inside the cached function for a miss: unstable_cache keeps no result for a throw. */
class NothingFound extends Error {}

/** `load` through Next's cache when it finds something; null (never cached) when it finds nothing. */
export async function cachedFound<T>(
  load: () => Promise<T | null>,
  key: string[],
  tags: string[],
): Promise<T | null> {
  try {
    return await cachedCardData(
      async () => {
        const found = await load();
        if (found === null) throw new NothingFound();
        return found;
      },
      key,
      tags,
    );
  } catch (error) {
    if (error instanceof NothingFound) return null;
    throw error;
  }
}

function expire(tag: string): void {
  try {
    revalidateTag(tag, { expire: 0 });
  } catch (error) {
    if (!outsideNext(error, 'static generation store missing')) throw error;
  }
}

/** The cards with these identities (invite tokens, card keys) changed, or are gone. */
export function expireCards(...identities: (string | null | undefined)[]): void {
  for (const identity of identities) if (identity) expire(cardTag(identity));
}

/** Something every card shows changed (the referral reward setting). */
export function expireAllCards(): void {
  expire(CARDS_TAG);
}
