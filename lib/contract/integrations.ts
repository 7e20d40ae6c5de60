/**
 * The integration API (issue 34): see lib/contract/endpoint.ts. Full admins make named API keys (shown once,
 * kept only as a hash, revocable); a practice's own system, or Zapier, Make or n8n, sends its practice records
 * with one as `Authorization: Bearer <key>`, and they are matched to open referrals like an upload's.
 */
import { z } from '@/lib/validation/zod';
import { apiKeySchema, createdApiKeySchema, practiceEventsResultSchema } from '@/lib/dto/api-keys';
import {
  API_KEY_CALLS_PER_MINUTE,
  createApiKeySchema,
  PRACTICE_EVENTS_MAX_BYTES,
  practiceEventsBodySchema,
} from '@/lib/validation/api-keys';
import { idParamSchema } from '@/lib/validation/params';
import { MAX_PRACTICE_EVENTS } from '@/lib/validation/practice-records';
import { endpoint } from './endpoint';

const KEY_NOT_FOUND = 'No API key has that id.';

export const listApiKeys = endpoint({
  method: 'GET',
  path: '/api/admin/api-keys',
  access: 'admin',
  tag: 'Integrations',
  area: 'settings',
  summary: 'The integration API keys, revoked ones too, newest first.',
  description:
    'Each with its name, its first characters, who made it and when, when it was last used (to the minute) ' +
    'and, once revoked, when and by whom. The key itself is never answered again, nor its hash.',
  response: z.array(apiKeySchema),
});

export const createApiKey = endpoint({
  method: 'POST',
  path: '/api/admin/api-keys',
  access: 'admin',
  tag: 'Integrations',
  area: 'settings',
  summary: 'Make an integration API key: the key is in this answer only.',
  description:
    '`name` says what it is for (1 to 80 characters). The answer holds the key (`rk_` and 43 characters): copy ' +
    'it now, as only its SHA-256 is kept and it cannot be shown again. Lost, revoke it and make another.',
  body: createApiKeySchema,
  response: createdApiKeySchema,
  status: 201,
  invalidates: ['settings'],
});

export const revokeApiKey = endpoint({
  method: 'DELETE',
  path: '/api/admin/api-keys/{id}',
  access: 'admin',
  tag: 'Integrations',
  area: 'settings',
  summary: 'Revoke an API key: calls with it are refused (401) at once.',
  description: 'The key stays listed as revoked. Revoking it again changes nothing.',
  params: idParamSchema,
  notFoundMessage: KEY_NOT_FOUND,
  errors: { 404: KEY_NOT_FOUND },
  invalidates: ['settings'],
});

const EXAMPLE = JSON.stringify(
  {
    events: [
      {
        source: 'my-practice',
        externalEventId: 'appt-10423',
        externalPatientId: 'pt-881',
        firstName: 'Amy',
        lastName: 'Pond',
        email: 'amy.pond@example.com',
        phone: '07700 900123',
        eventDate: '2026-11-20',
        kind: 'treatment_started',
      },
    ],
  },
  null,
  2,
);

export const postPracticeEvents = endpoint({
  method: 'POST',
  path: '/api/integrations/practice-events',
  access: 'key',
  tag: 'Integrations',
  summary: "Send practice records (visits, treatments started, payments) from the practice's own system.",
  description:
    'For Zapier, Make, n8n or a script of your own: send `Authorization: Bearer <key>` with a key a full admin ' +
    'made in Settings → Integrations, and a JSON body `{ "events": [ … ] }` of 1 to ' +
    `${MAX_PRACTICE_EVENTS} records (more is a 413: send them in several calls; the body is at most 1 MB). ` +
    'Each record is matched to the open referrals as an upload is, and what matches is proposed to staff ' +
    'to confirm (or started at once, for high-confidence matches, when the clinic has switched that on).\n\n' +
    'A record needs `source` (your system, e.g. `my-practice`), `externalEventId` (your id of the event), ' +
    '`firstName`, `lastName`, `eventDate` (YYYY-MM-DD, or an ISO 8601 date and time, not in the future) and ' +
    '`kind` (`first_visit`, `treatment_started` or `payment`); `email`, `phone`, `externalPatientId` and ' +
    '`dateOfBirth` help matching. Only what matching needs is kept; a record that matches nothing is deleted ' +
    'after 30 days.\n\n' +
    'Each record is checked on its own: those with problems are answered in `rejected` (their index in ' +
    '`events`, their `externalEventId`, every reason) and the others are still taken, with 202. Calls are ' +
    'idempotent: an event (the same `source` and `externalEventId`) is taken once, and sent again it is ' +
    `counted in \`duplicates\`, so a call that failed can simply be sent again. Each key may make ` +
    `${API_KEY_CALLS_PER_MINUTE} calls a minute; past that the answer is 429 with Retry-After (seconds). A missing, wrong or ` +
    'revoked key is a 401; a signed-in staff session is not a key.\n\n' +
    'Example body:\n\n```json\n' +
    EXAMPLE +
    '\n```',
  body: practiceEventsBodySchema,
  response: practiceEventsResultSchema,
  status: 202,
  maxBodyBytes: PRACTICE_EVENTS_MAX_BYTES,
  errors: {
    400: 'The body is not JSON, or has no `events` array, or it is empty. (A bad record is not a 400: see `rejected`.)',
    401: 'No API key, or a wrong or revoked one (`Authorization: Bearer <key>`).',
    413: `More than ${MAX_PRACTICE_EVENTS} events, or a body over 1 MB.`,
    429: `This key made ${API_KEY_CALLS_PER_MINUTE} calls in the last minute: wait as Retry-After says.`,
  },
});
