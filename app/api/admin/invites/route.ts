import { route } from '@/lib/api/route';
import { listInvites } from '@/lib/contract/invites';
import { listPendingInvites } from '@/lib/services/account/invites';

export const GET = route(listInvites, () => listPendingInvites());
