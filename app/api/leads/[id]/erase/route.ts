import { route } from '@/lib/api/route';
import { eraseLead } from '@/lib/services/privacy';
import { idParamSchema } from '@/lib/validation/params';

/**
 * POST /api/leads/{id}/erase (full admins): the lead's name, email, phone, treatment interest and marketing
 * answer are erased; the referral and any money it holds stay, named 'Erased lead'.
 */
export const POST = route(
  { access: 'admin', params: idParamSchema, notFoundMessage: 'That lead does not exist.' },
  ({ params }) => eraseLead(params.id),
);
