/**
 * Issue 29, point 2: the treatments the recommendation form lists are the clinic's (Settings → Offer), and a
 * lead keeps the label the friend chose, through POST /api/leads and through the form's own server action.
 */
import { GET as listLeads, POST as postLead } from '@/app/api/leads/route';
import { PATCH as patchSettings } from '@/app/api/settings/route';
import { db } from '@/lib/db';
import { eraseLead } from '@/lib/services/privacy';
import { TREATMENT_REQUIRED_TEXT } from '@/lib/validation/leads';
import { EMPTY_LEAD_FORM } from '@/lib/validation/lead-form';
import { setUpTestDatabase } from '../support/db';
import { uniqueEmail } from '../support/fixtures';
import { call, makeStaff, type TestStaff } from '../support/http';

jest.mock('next/headers', () => ({
  headers: async () => new Headers({ 'x-forwarded-for': '198.18.29.2' }),
}));

// Imported after the mock is in place (jest hoists jest.mock above the imports anyway).
import { submitLeadAction } from '@/app/(public)/recommendation-details/actions';

setUpTestDatabase();

const CLINIC_LIST = ['Invisalign', 'Dental implants', 'Improve my smile'];

let admin: TestStaff;
beforeAll(async () => {
  admin = await makeStaff({ isFullAdmin: true });
  const res = await call(patchSettings, {
    method: 'PATCH',
    body: { treatmentOptions: CLINIC_LIST },
    cookie: admin.cookie,
  });
  expect(res.status).toBe(200);
});

let n = 0;
const post = (treatmentInterest: unknown) => {
  n += 1;
  return call(postLead, {
    path: '/api/leads',
    body: {
      firstName: 'Amy',
      lastName: 'Pond',
      email: uniqueEmail(`treatment${n}`),
      phone: '+44 7123 456789',
      treatmentInterest,
    },
    ip: `10.29.2.${n}`,
  });
};

describe("a lead's treatment, from the clinic's own list", () => {
  it('stores the label of a treatment the clinic added, as the clinic writes it', async () => {
    const res = await post(' invisalign ');
    expect(res.status).toBe(201);
    const lead = await db.lead.findUniqueOrThrow({ where: { id: res.body.leadId } });
    expect(lead).toMatchObject({ treatmentLabel: 'Invisalign', treatmentInterest: null });

    // Staff read the label (the inbox and the leads list show it).
    const list = await call(listLeads, { path: '/api/leads', cookie: admin.cookie });
    expect(list.status).toBe(200);
    const items = (list.body.items ?? list.body) as { id: string; treatmentLabel: string | null }[];
    expect(items.find((l) => l.id === lead.id)?.treatmentLabel).toBe('Invisalign');
  });

  it("takes the API's old value for one of the spec's treatments the clinic still lists", async () => {
    const res = await post('improve-my-smile');
    expect(res.status).toBe(201);
    const lead = await db.lead.findUniqueOrThrow({ where: { id: res.body.leadId } });
    expect(lead).toMatchObject({ treatmentLabel: 'Improve my smile', treatmentInterest: 'improve_my_smile' });
  });

  it('refuses a treatment the clinic no longer lists (400, the field named, nothing written)', async () => {
    const before = await db.lead.count();
    for (const value of ['replace-missing-teeth', 'Replace missing teeth', 'Braces']) {
      const res = await post(value);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(TREATMENT_REQUIRED_TEXT);
      expect(res.body.fieldErrors.treatmentInterest).toEqual([TREATMENT_REQUIRED_TEXT]);
    }
    expect(await db.lead.count()).toBe(before);
  });

  it("the form's server action sends a lead with the clinic's own treatment, and refuses one not listed", async () => {
    const form = (treatment: string) => {
      const data = new FormData();
      data.set('firstName', 'Rose');
      data.set('lastName', 'Tyler');
      data.set('email', uniqueEmail(`form-${treatment.length}`));
      data.set('country', EMPTY_LEAD_FORM.country);
      data.set('phone', '07123 456789');
      data.set('treatmentInterest', treatment);
      return data;
    };
    const sent = await submitLeadAction({ status: 'idle' }, form('Dental implants'));
    expect(sent.status).toBe('sent');
    const lead = await db.lead.findFirstOrThrow({
      where: { firstName: 'Rose' },
      orderBy: { createdAt: 'desc' },
    });
    expect(lead.treatmentLabel).toBe('Dental implants');

    const refused = await submitLeadAction({ status: 'idle' }, form('A healthy, pain-free mouth'));
    expect(refused).toMatchObject({
      status: 'refused',
      errors: { treatmentInterest: TREATMENT_REQUIRED_TEXT },
      // What was chosen comes back, so the page shows the form as it was.
      values: { treatmentInterest: 'A healthy, pain-free mouth' },
    });
  });

  it('an erased lead keeps no treatment', async () => {
    const res = await post('Invisalign');
    expect(await eraseLead(res.body.leadId)).toEqual({ erased: true });
    const lead = await db.lead.findUniqueOrThrow({ where: { id: res.body.leadId } });
    expect(lead).toMatchObject({ treatmentLabel: null, treatmentInterest: null });
  });
});
