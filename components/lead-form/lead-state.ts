import type { LeadFieldErrors, LeadFormValues } from '@/lib/validation/lead-form';

/** The referrer named by the page's ref (a card number), looked up by the page on the server. */
export type ReferrerState =
  /** No ref: nobody to look up. */
  | { status: 'none' }
  | { status: 'found'; firstName: string; lastName: string; fullName: string }
  /** Spec section 8: 'Failed to fetch referrer data'. The form still works and still sends the card number. */
  | { status: 'failed' };

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
