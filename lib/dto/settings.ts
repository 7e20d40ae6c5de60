/** GET/PATCH /api/settings: the clinic's programme settings, as staff and the public pages read them. */
export interface SettingsDto {
  /** Whole pounds. */
  referralRewardAmount: number;
  /** Whole pounds. */
  teamBonusAmount: number;
  /** Where the lead form's offer button goes; null for the built-in offer page. */
  offerLink: string | null;
  /** A Google Place ID or a full link, for the review page's Google button. */
  googleReviewLink: string | null;
  trustpilotReviewLink: string | null;
}
