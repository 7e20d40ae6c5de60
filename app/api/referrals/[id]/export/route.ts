import { jsonDownload } from '@/lib/api/download';
import { route } from '@/lib/api/route';
import { exportReferralLead } from '@/lib/services/privacy';
import { idParamSchema } from '@/lib/validation/params';

/** Everything held about the friend behind a referral, as a JSON download (full admins). */
export const GET = route(
  { access: 'admin', params: idParamSchema, notFoundMessage: 'That referral does not exist.' },
  async ({ params }) => jsonDownload(await exportReferralLead(params.id), `lead-${params.id}.json`),
);
