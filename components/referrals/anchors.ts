/**
 * Element ids the Clients & Referrals tab moves focus to (search results and the leaderboard jump to a row,
 * a finished action or dialog lands somewhere sensible). Ids are uuids, so these are unique on the page.
 */
export const clientAnchorId = (clientId: string) => `client-${clientId}`;
export const referralsHeadingId = (clientId: string) => `client-${clientId}-referrals`;
export const referralAnchorId = (referralId: string) => `referral-${referralId}`;
