import { HttpError } from '@/lib/api/errors';
import { route } from '@/lib/api/route';
import * as integrations from '@/lib/contract/integrations';
import { practiceEventsAnswer } from '@/lib/dto/api-keys';
import { ingestPracticeRecords } from '@/lib/services/practice/ingest';
import { EVENTS_TOO_MANY_TEXT } from '@/lib/validation/api-keys';
import { checkPracticeRecords, MAX_PRACTICE_EVENTS } from '@/lib/validation/practice-records';

/**
 * Practice records from an integration (a key route): each checked on its own, the good ones matched like an
 * upload's, the others answered with every reason.
 */
export const POST = route(integrations.postPracticeEvents, async ({ body }) => {
  if (body.events.length > MAX_PRACTICE_EVENTS) throw new HttpError(413, EVENTS_TOO_MANY_TEXT);
  const { records, problems } = checkPracticeRecords(body.events);
  const counts = await ingestPracticeRecords(
    records.map((r) => r.record),
    'api',
  );
  return practiceEventsAnswer(counts, problems);
});
