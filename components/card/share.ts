/**
 * What 'Share via Apps' sends: the clinic's name, its offer in its own words and the referrer's reward (issue
 * 29). The wording lives in lib/offer.ts, where it is tested.
 */
export { shareMessage } from '@/lib/offer';
