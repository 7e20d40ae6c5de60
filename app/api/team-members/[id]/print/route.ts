import { publicOrigin } from '@/lib/api/origin';
import { route } from '@/lib/api/route';
import { pdfResponse } from '@/lib/print/response';
import { memberPrint } from '@/lib/services/print';
import { MEMBER_NOT_FOUND_TEXT } from '@/lib/services/team';
import { idParamSchema } from '@/lib/validation/params';
import { memberPrintQuerySchema } from '@/lib/validation/print';

/**
 * A team member's review QR code to print (issue 29, point 13): `format=a6`, the counter card, or `format=a4`,
 * the poster (any staff). A PDF download; an archived or unknown member is 404.
 */
export const GET = route(
  {
    access: 'staff',
    params: idParamSchema,
    query: memberPrintQuerySchema,
    notFoundMessage: MEMBER_NOT_FOUND_TEXT,
  },
  async ({ params, query }) => {
    return pdfResponse(await memberPrint(publicOrigin(), params.id, query.format));
  },
);
