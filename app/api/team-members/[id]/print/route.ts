import { publicOrigin } from '@/lib/api/origin';
import { route } from '@/lib/api/route';
import * as team from '@/lib/contract/team';
import { pdfResponse } from '@/lib/print/response';
import { memberPrint } from '@/lib/services/print';

/**
 * A team member's review QR code to print (issue 29, point 13): `format=a6`, the counter card, or `format=a4`,
 * the poster (any staff). A PDF download; an archived or unknown member is 404.
 */
export const GET = route(team.memberPrint, async ({ params, query }) => {
  return pdfResponse(await memberPrint(publicOrigin(), params.id, query.format));
});
