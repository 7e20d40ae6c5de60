'use server';

import { headers } from 'next/headers';
import { HttpError } from '@/lib/api/errors';
import { log } from '@/lib/log';
import { recordPublicLead } from '@/lib/services/public-lead';
import { getSettings } from '@/lib/services/settings';
import {
  checkLeadForm,
  firstInvalidField,
  readLeadForm,
  type LeadFieldErrors,
} from '@/lib/validation/lead-form';
import { createLeadSchema } from '@/lib/validation/leads';
import { buildLeadPayload, formFieldErrors } from '@/lib/leads/public-form';
import { SERVER_FAILURE_TEXT, type LeadFormState } from '@/components/lead-form/lead-state';
import { referrerIdFromRef } from '@/components/lead-form/links';

/**
 * The recommendation form's submission (spec sections 3 and 5), posted by a plain `<form>` when the phone runs
 * no JavaScript and called by the form's script when it does. The fields are checked by the same rules as in
 * the browser, then the lead by POST /api/leads's schema, limited per real address like it. A refusal carries back what
 * was typed, so the page re-renders with every field as it was and each message beside its field.
 */
export async function submitLeadAction(_previous: LeadFormState, data: FormData): Promise<LeadFormState> {
  // Anyone can call an action with arguments of their own making (issue 28 point 10): what is not a form is read
  // as an empty one, so it is refused field by field like any incomplete form, never a 500. (A body that is not
  // an action call at all is answered 400 by scripts/server.js before it gets here.)
  const values = readLeadForm(data instanceof FormData ? data : new FormData());
  const refused = (errors: LeadFieldErrors, message: string | null, retryable = false): LeadFormState => ({
    status: 'refused',
    values,
    errors,
    message,
    retryable,
  });

  // The alert above Submit repeats the first field's message, in the server's words as POST /api/leads gives.
  const firstMessage = (errors: LeadFieldErrors) => {
    const field = firstInvalidField(errors);
    return field ? (errors[field] ?? null) : null;
  };
  // The treatment must be one the clinic lists now (Settings → Offer, issue 29).
  const check = checkLeadForm(values, (await getSettings()).treatmentOptions);
  if (!check.ok) return refused(check.errors, firstMessage(check.errors));
  const ref = data.get('ref');
  const payload = buildLeadPayload(check.data, {
    referrerId: referrerIdFromRef(typeof ref === 'string' ? ref : undefined),
  });
  const parsed = createLeadSchema.safeParse(payload);
  if (!parsed.success) {
    const errors = formFieldErrors(parsed.error.flatten().fieldErrors);
    return refused(errors, firstMessage(errors) ?? parsed.error.issues[0]?.message ?? SERVER_FAILURE_TEXT);
  }
  try {
    await recordPublicLead(parsed.data, await headers());
  } catch (error) {
    // Too many from this address: the server's words, and no point trying again at once.
    if (error instanceof HttpError && error.status < 500) return refused({}, error.message);
    log.error({ err: error }, 'The recommendation form could not be recorded.');
    return refused({}, SERVER_FAILURE_TEXT, true);
  }
  return {
    status: 'sent',
    sent: { firstName: parsed.data.firstName, email: payload.email, phone: payload.phone },
  };
}
