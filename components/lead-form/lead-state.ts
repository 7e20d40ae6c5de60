import type { LeadFieldErrors, LeadFormValues } from '@/lib/validation/lead-form';

/** The referrer named by the page's ref (a card number), looked up by the page on the server. */
export type ReferrerState =
  /** No ref: nobody to look up. */
  | { status: 'none' }
  | { status: 'found'; firstName: string; lastName: string; fullName: string }
  /**
   * The link's card number matched no client (or could not be looked up). Issue 29 replaced the spec's 'Failed to
   * fetch referrer data': the form offers 'Who recommended you?' filled with the number, to correct or replace.
   */
  | { status: 'failed' };

/** 'Who recommended you?' (issue 29, point 4): shown whenever there is no working link. */
export const RECOMMENDED_BY_LABEL = 'Who recommended you? (optional)';
export const RECOMMENDED_BY_HINT_TEXT =
  'Their card number (it starts with SC-) or their name, so we can thank them.';
/** A link whose card number was not found: kind, and never says anything failed. */
export const REFERRER_NOT_FOUND_TEXT =
  "We couldn't read the card number in your link. Check it against their card, or type their name instead, so we can thank them.";

/** What the success screen needs to know about the details that were sent. */
export interface LeadSent {
  firstName: string;
  email: string;
  phone: string;
}

/**
 * Where a submission of the recommendation form stands: nothing sent yet, sent, or refused (with the values as
 * they were typed, so that nothing is lost, each field's message, and whether sending again may work).
 */
export type LeadFormState =
  | { status: 'idle' }
  | { status: 'sent'; sent: LeadSent }
  | {
      status: 'refused';
      values: LeadFormValues;
      errors: LeadFieldErrors;
      /** What the form's alert says; null when the fields' own messages say it all. */
      message: string | null;
      retryable: boolean;
    };

export const IDLE_LEAD_FORM: LeadFormState = { status: 'idle' };

export const NETWORK_FAILURE_TEXT =
  "We couldn't send your details. Please check your internet connection and try again.";
export const SERVER_FAILURE_TEXT =
  'Sorry, something went wrong on our side and your details were not sent. Please try again.';
