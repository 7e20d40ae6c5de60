import { route } from '@/lib/api/route';
import { retryMessage } from '@/lib/services/messages';
import { idParamSchema } from '@/lib/validation/params';

/** Sends a failed message again (another 24 hours of retries). */
export const POST = route(
  { access: 'admin', params: idParamSchema, notFoundMessage: 'That message does not exist.' },
  ({ params }) => retryMessage(params.id),
);
