/**
 * UI copy that is not a validation message: failure texts of the staff app, hints and labels the screens
 * show. Validation messages stay with their schemas in lib/validation (the form and the server share them).
 */

export const BACS_FORMAT_HINTS = [
  'Sort Code: XX-XX-XX (e.g. 12-34-56)',
  'Account Number: 8 digits (e.g. 12345678)',
];

export const REFERRER_LOOKUP_FAILED_TEXT = 'Failed to fetch referrer data';

export const CREATE_REFERRAL_FAILED_TEXT = 'Failed to create referral. Please try again.';

export const UPDATE_STATUS_FAILED_TEXT = 'Failed to update referral status. Please try again.';

export const REVERT_STATUS_FAILED_TEXT = 'Failed to revert referral status. Please try again.';

export const DELETE_REFERRAL_FAILED_TEXT = 'Failed to delete referral. Please try again.';

export const LOGIN_FAILED_TEXT = 'Login failed. Please try again.';

/** What the review page says while no Trustpilot link is set. */
export const TRUSTPILOT_SOON_TEXT = 'Trustpilot review link coming soon!';

export const PHONE_PLACEHOLDER = '7123 456789';
