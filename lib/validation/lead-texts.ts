/**
 * The lead form's texts and choices (spec sections 3, 5 and 8), without any schema library: the public form
 * loads them in the browser (issue 19: a stranger's phone downloads as little as possible).
 */
export const FIRST_NAME_REQUIRED_TEXT = 'First name is required';
export const LAST_NAME_REQUIRED_TEXT = 'Last name is required';
export const PHONE_REQUIRED_TEXT = 'Phone number is required';
export const VALID_PHONE_TEXT = 'Please enter a valid phone number';
export const TREATMENT_REQUIRED_TEXT = 'Please select how we can help you';
export const FILL_REQUIRED_FIELDS_TEXT = 'Please fill in all required fields';

/** Treatment interest (spec section 3): the values the API takes and the labels the form shows. */
export const TREATMENT_INTERESTS = [
  { value: 'replace-missing-teeth', label: 'Replace missing teeth' },
  { value: 'improve-my-smile', label: 'Improve my smile' },
  { value: 'healthy-pain-free-mouth', label: 'A healthy, pain-free mouth' },
  { value: 'facial-aesthetic-treatments', label: 'Facial Aesthetics treatments' },
] as const;
export type TreatmentInterestValue = (typeof TREATMENT_INTERESTS)[number]['value'];
export const TREATMENT_VALUES = TREATMENT_INTERESTS.map((t) => t.value) as [
  TreatmentInterestValue,
  ...TreatmentInterestValue[],
];

/** Lead sources (spec section 3): the public form's default, and staff entering one by hand. */
export const QR_REFERRAL_SOURCE = 'qr_referral';
export const MANUAL_ENTRY_SOURCE = 'Manual Entry';

export const NAME_MAX = 100;
