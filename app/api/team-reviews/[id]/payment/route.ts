import { route } from '@/lib/api/route';
import { REVIEW_NOT_FOUND_TEXT, setBonusPaid } from '@/lib/services/team';
import { idParamSchema } from '@/lib/validation/params';

const options = { access: 'admin' as const, params: idParamSchema, notFoundMessage: REVIEW_NOT_FOUND_TEXT };

/** 'Mark Paid' (full admins), audited. */
export const POST = route(options, ({ params, user }) => setBonusPaid(params.id, true, user));

/** Undo a bonus payment (full admins), audited. */
export const DELETE = route(options, ({ params, user }) => setBonusPaid(params.id, false, user));
