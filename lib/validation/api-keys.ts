/**
 * Issue 34: the integration API's inputs. A key's name (what staff call it: 'Zapier', 'Our booking script'),
 * and the body of POST /api/integrations/practice-events: `{ events: [...] }`, 1 to 500 records. The records
 * themselves are checked one by one (checkPracticeRecords), so that one bad record never refuses the rest;
 * only the envelope is checked here.
 */
import { INVISIBLE_TEXT_TEXT, isVisibleText } from './names';
import { MAX_PRACTICE_EVENTS } from './practice-records';
import type { oas31 } from 'zod-openapi';
import { z } from './zod';

export const API_KEY_NAME_MAX = 80;
export const API_KEY_NAME_REQUIRED_TEXT = 'Give the key a name, for example ‘Zapier’ or ‘Booking script’.';
export const API_KEY_NAME_LENGTH_TEXT = `A key’s name must be at most ${API_KEY_NAME_MAX} characters.`;

/** POST /api/admin/api-keys: the name, 1 to 80 characters once trimmed. */
export const createApiKeySchema = z.strictObject({
  name: z
    .string({ error: 'A key’s name must be text.' })
    .trim()
    .min(1, API_KEY_NAME_REQUIRED_TEXT)
    .max(API_KEY_NAME_MAX, API_KEY_NAME_LENGTH_TEXT)
    .refine(isVisibleText, INVISIBLE_TEXT_TEXT)
    .meta({ description: 'What the key is for, so you can tell keys apart (1 to 80 characters).' }),
});
export type CreateApiKeyInput = z.input<typeof createApiKeySchema>;

export const EVENTS_REQUIRED_TEXT = 'Send { "events": [ ... ] }: an array of 1 to 500 practice records.';
export const EVENTS_EMPTY_TEXT = '"events" is empty: send at least one practice record.';
export const EVENTS_TOO_MANY_TEXT = `At most ${MAX_PRACTICE_EVENTS} events in one call: send the rest in another call.`;

/** Calls each integration API key may make in a minute (on every app instance together). */
export const API_KEY_CALLS_PER_MINUTE = 60;

/** The largest body POST /api/integrations/practice-events reads (1 MiB); a larger one is a 413. */
export const PRACTICE_EVENTS_MAX_BYTES = 1024 * 1024;

/** One practice record as the API documents it (each is checked on its own by checkPracticeRecords). */
const EVENT_JSON_SCHEMA: oas31.SchemaObject = {
  type: 'object',
  description: 'A practice record: a first visit, a treatment started, or a payment.',
  required: ['source', 'externalEventId', 'firstName', 'lastName', 'eventDate', 'kind'],
  properties: {
    source: { type: 'string', description: 'Your system: 1 to 40 of a-z, 0-9, - and _ (e.g. dentally).' },
    externalEventId: {
      type: 'string',
      description: 'Your id of the event (at most 200 characters): with `source`, it is taken once.',
    },
    externalPatientId: { type: ['string', 'null'] },
    firstName: { type: 'string' },
    lastName: { type: 'string' },
    email: { type: ['string', 'null'], description: 'Dropped when it is not an email address.' },
    phone: { type: ['string', 'null'], description: 'Dropped when it is not a phone number.' },
    dateOfBirth: { type: ['string', 'null'], description: 'YYYY-MM-DD, in the past; checked, not kept.' },
    eventDate: {
      type: 'string',
      description: 'YYYY-MM-DD, or an ISO 8601 date and time with its offset; not in the future (UK time).',
    },
    kind: { type: 'string', enum: ['first_visit', 'treatment_started', 'payment'] },
  },
};

/**
 * The envelope: an object with an `events` array of 1 to 500 entries. An entry is anything here (each one's
 * problems are answered per record, 202); over 500 is a 413 (the route says so before parsing the entries).
 */
export const practiceEventsBodySchema = z
  .strictObject({
    events: z
      .array(z.unknown(), { error: EVENTS_REQUIRED_TEXT })
      .min(1, EVENTS_EMPTY_TEXT)
      .meta({ override: { items: EVENT_JSON_SCHEMA, maxItems: MAX_PRACTICE_EVENTS } }),
  })
  .meta({ description: 'Up to 500 practice records.' });
