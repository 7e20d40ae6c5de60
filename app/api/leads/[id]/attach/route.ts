import { route } from '@/lib/api/route';
import * as leads from '@/lib/contract/leads';
import { attachLead } from '@/lib/services/leads';

/** Attaches a lead whose card number matched no client to the right client (staff): answers the new referral. */
export const POST = route(leads.attach, ({ params, body }) => attachLead(params.id, body.cardNumber));
