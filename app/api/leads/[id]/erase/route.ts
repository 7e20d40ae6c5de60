import { route } from '@/lib/api/route';
import * as leads from '@/lib/contract/leads';
import { eraseLead } from '@/lib/services/privacy';

/**
 * POST /api/leads/{id}/erase (full admins): the lead's name, email, phone, treatment interest and marketing
 * answer are erased; the referral and any money it holds stay, named 'Erased lead'.
 */
export const POST = route(leads.erase, ({ params }) => eraseLead(params.id));
