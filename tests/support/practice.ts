/**
 * Practice records' proposals for the route tests (issue 34): a pending referral whose friend has a unique
 * email, and a record from the practice with that email (high) or the friend's full name only (low).
 */
import { db } from '@/lib/db';
import { ingestPracticeRecords } from '@/lib/services/practice/ingest';
import { fixtureReferral, uniqueEmail } from './fixtures';

let seq = 0;

export async function fixtureProposal(confidence: 'high' | 'low' = 'high') {
  const referral = await fixtureReferral('pending');
  const lead = await db.lead.findUniqueOrThrow({ where: { id: referral.leadId } });
  seq += 1;
  const record = {
    source: 'fixture',
    externalEventId: `fixture-${Date.now()}-${seq}-${Math.random().toString(36).slice(2)}`,
    externalPatientId: null,
    firstName: lead.firstName,
    lastName: lead.lastName,
    email: confidence === 'high' ? lead.email : uniqueEmail('practice'),
    phone: null,
    eventDate: '2026-11-02',
    kind: 'treatment_started' as const,
  };
  await ingestPracticeRecords([record], 'api');
  const match = await db.practiceMatch.findFirstOrThrow({
    where: { referralId: referral.id },
    orderBy: { createdAt: 'desc' },
  });
  return { match, referral };
}
