/**
 * Issue 28, point 3: the recommendation form's server action under simultaneous posts. It is limited per real
 * address with POST /api/leads (one allowance for both), and 30 posts sent at once used to all pass a limit of
 * 20; now exactly the limit is accepted.
 *
 * The action reads the request's headers through next/headers, which exists only inside a request: here it
 * answers with the address the test posts from. Everything else is the real action against the real database.
 */
import { POST as postLead } from '@/app/api/leads/route';
import { db } from '@/lib/db';
import { setUpTestDatabase } from '../support/db';
import { uniqueEmail } from '../support/fixtures';
import { call } from '../support/http';

let callerIp = '127.0.0.1';
jest.mock('next/headers', () => ({
  headers: async () => new Headers({ 'x-forwarded-for': callerIp }),
}));

// Imported after the mock is in place (jest hoists jest.mock above the imports anyway).
import { submitLeadAction } from '@/app/(public)/recommendation-details/actions';
import { EMPTY_LEAD_FORM } from '@/lib/validation/lead-form';

setUpTestDatabase();

const RATE_LIMIT_TEXT = 'Too many submissions from this address. Please try again later.';

function form(i: number): FormData {
  const data = new FormData();
  data.set('firstName', 'Amy');
  data.set('lastName', 'Pond');
  data.set('email', uniqueEmail(`action${i}`));
  data.set('country', EMPTY_LEAD_FORM.country);
  data.set('phone', '07123 456789');
  data.set('treatmentInterest', 'improve-my-smile');
  return data;
}

describe('the recommendation form’s server action: simultaneous posts', () => {
  const saved = process.env.LEAD_RATE_LIMIT_PER_HOUR;
  beforeEach(() => {
    process.env.LEAD_RATE_LIMIT_PER_HOUR = '20';
  });
  afterEach(() => {
    if (saved === undefined) delete process.env.LEAD_RATE_LIMIT_PER_HOUR;
    else process.env.LEAD_RATE_LIMIT_PER_HOUR = saved;
  });

  it('30 posts at once from one address: exactly LEAD_RATE_LIMIT_PER_HOUR (20) sent, the rest refused with the limit’s words', async () => {
    callerIp = '198.18.200.1';
    const before = await db.lead.count();
    const states = await Promise.all(
      Array.from({ length: 30 }, (_, i) => submitLeadAction({ status: 'idle' }, form(i))),
    );
    const sent = states.filter((s) => s.status === 'sent');
    const refused = states.filter((s) => s.status === 'refused');
    expect(sent).toHaveLength(20);
    expect(refused).toHaveLength(10);
    for (const state of refused) expect(state).toMatchObject({ message: RATE_LIMIT_TEXT, retryable: false });
    expect(await db.lead.count()).toBe(before + 20);
  });

  it('shares one allowance with POST /api/leads, and counts an IPv6 /64 as one caller', async () => {
    callerIp = '2001:db8:77:1::1';
    const api = await Promise.all(
      Array.from({ length: 15 }, (_, i) =>
        call(postLead, {
          path: '/api/leads',
          body: {
            firstName: 'Amy',
            lastName: 'Pond',
            email: uniqueEmail(`api${i}`),
            phone: '+44 7123 456789',
            treatmentInterest: 'improve-my-smile',
          },
          ip: `2001:db8:77:1:${i + 1}::2`,
        }),
      ),
    );
    expect(api.every((r) => r.status === 201)).toBe(true);
    const states = await Promise.all(
      Array.from({ length: 15 }, (_, i) => submitLeadAction({ status: 'idle' }, form(100 + i))),
    );
    expect(states.filter((s) => s.status === 'sent')).toHaveLength(5);
  });
});
