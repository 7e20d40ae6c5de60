import { route } from '@/lib/api/route';
import { attachLead } from '@/lib/services/leads';
import { attachLeadSchema } from '@/lib/validation/leads';
import { idParamSchema } from '@/lib/validation/params';

/** Attaches a lead whose card number matched no client to the right client (staff): answers the new referral. */
export const POST = route(
  {
    access: 'staff',
    params: idParamSchema,
    body: attachLeadSchema,
    notFoundMessage: 'That lead does not exist.',
  },
  ({ params, body }) => attachLead(params.id, body.cardNumber),
);
