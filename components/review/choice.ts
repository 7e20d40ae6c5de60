import type { ReviewPlatform } from '@/lib/dto/team';
import { TRUSTPILOT_SOON_TEXT } from '@/lib/copy';

/** The review sites by name, as the page shows them. */
export const PLATFORM_NAMES: Record<ReviewPlatform, string> = { google: 'Google', trustpilot: 'Trustpilot' };

/** What the page says after a choice, in its status message. */
export interface ChoiceNotice {
  /** 'opened': the site opened in a new tab (with a way in if it did not); 'unavailable': no link is set yet. */
  tone: 'opened' | 'unavailable';
  /** The review site's name. */
  site: string;
  text: string;
  /** The site again, for a browser that blocked the new tab. */
  href?: string;
}

/**
 * The message for choosing `platform` whose review link is `url` (null: not set in Settings). Trustpilot without
 * a link says the spec's 'Trustpilot review link coming soon!'; Google without one says so politely.
 */
export function choiceNotice(platform: ReviewPlatform, url: string | null): ChoiceNotice {
  const site = PLATFORM_NAMES[platform];
  if (url) return { tone: 'opened', site, text: `Thank you! ${site} has opened in a new tab.`, href: url };
  if (platform === 'trustpilot') return { tone: 'unavailable', site, text: TRUSTPILOT_SOON_TEXT };
  return {
    tone: 'unavailable',
    site,
    text: 'Sorry, our Google review page is not quite ready yet. Please try again soon.',
  };
}

/** Only web addresses are ever opened (the settings allow nothing else; this keeps it so). */
export function safeReviewUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/** The features for window.open: a new tab that cannot reach back into this page. */
export const NEW_TAB_FEATURES = 'noopener,noreferrer';
