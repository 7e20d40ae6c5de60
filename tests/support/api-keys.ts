/**
 * Integration API keys for the tests (issue 34): a live key made through the service, as a full admin would,
 * with the Authorization header that uses it; and a practice event to send with it.
 */
import { randomUUID } from 'node:crypto';
import { createApiKey } from '@/lib/services/api-keys';

export interface TestApiKey {
  id: string;
  key: string;
  /** `{ authorization: 'Bearer <key>' }`, for call()'s headers. */
  headers: Record<string, string>;
}

export async function makeApiKey(name = 'Test integration'): Promise<TestApiKey> {
  const made = await createApiKey({ id: null, email: 'keys-admin@clinic.test' }, name);
  return { id: made.id, key: made.key, headers: { authorization: `Bearer ${made.key}` } };
}

/** A valid practice event with an id of its own (nobody's friend unless its fields say so). */
export function practiceEvent(fields: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    source: 'test-system',
    externalEventId: `evt-${randomUUID()}`,
    firstName: 'Nobody',
    lastName: `Known${randomUUID().slice(0, 8)}`,
    eventDate: '2026-11-02',
    kind: 'treatment_started',
    ...fields,
  };
}
