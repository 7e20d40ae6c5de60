import { jsonDownload } from '@/lib/api/download';
import { route } from '@/lib/api/route';
import * as referrals from '@/lib/contract/referrals';
import { exportReferralLead } from '@/lib/services/privacy';

/** Everything held about the friend behind a referral, as a JSON download (full admins). */
export const GET = route(referrals.exportLead, async ({ params }) =>
  jsonDownload(await exportReferralLead(params.id), `lead-${params.id}.json`),
);
