import { publicOrigin } from '@/lib/api/origin';
import { route } from '@/lib/api/route';
import * as payments from '@/lib/contract/payments';
import { pdfResponse } from '@/lib/print/response';
import { referralPoster } from '@/lib/services/print';

/** The referral programme's A4 poster for reception (issue 29, point 13; any staff): a PDF download. */
export const GET = route(payments.referralPoster, async () => {
  return pdfResponse(await referralPoster(publicOrigin()));
});
