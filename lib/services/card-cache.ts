import 'server-only';
import { revalidateTag, unstable_cache } from 'next/cache';

/**
 * The public card is read on every scan of a QR code, so its page and its API answer come from Next's cache,
 * tagged with the token they were asked for (invite token or branded slug) and with 'cards' for what every
 * card shows (the reward setting). Each change that a card shows expires its tags at once, so an edit is seen
 * on the next request and a deleted card is gone. An unknown token is cached too (as not found) under its own
 * tag, which the client created with that token expires. The cache lives in memory only (next.config.js:
 * isrFlushToDisk off, cacheMaxMemorySize), so requests for made-up tokens cannot fill the disk.
 */
export const CARDS_TAG = 'cards';
export const cardTag = (token: string) => `card:${token}`;

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

function expire(tag: string): void {
  try {
    revalidateTag(tag, { expire: 0 });
  } catch (error) {
    if (!outsideNext(error, 'static generation store missing')) throw error;
  }
}

/** The cards reached through these tokens changed (or now exist, or are gone). */
export function expireCards(...tokens: (string | null | undefined)[]): void {
  for (const token of tokens) if (token) expire(cardTag(token));
}

/** Something every card shows changed (the referral reward setting). */
export function expireAllCards(): void {
  expire(CARDS_TAG);
}
