import { notFound } from '@/lib/api/errors';
import { publicOrigin } from '@/lib/api/origin';
import { route } from '@/lib/api/route';
import { qrPng } from '@/lib/services/qr';
import { findTeamMember, MEMBER_NOT_FOUND_TEXT, reviewUrlFor } from '@/lib/services/team';
import { qrQuerySchema } from '@/lib/validation/clients';
import { idParamSchema } from '@/lib/validation/params';

/** The member's QR code: a PNG of their review page's address (any staff). */
export const GET = route(
  { access: 'staff', params: idParamSchema, query: qrQuerySchema, notFoundMessage: MEMBER_NOT_FOUND_TEXT },
  async ({ params, query }) => {
    const member = await findTeamMember(params.id);
    if (!member) throw notFound(MEMBER_NOT_FOUND_TEXT);
    const png = await qrPng(reviewUrlFor(publicOrigin(), member.code), query.size);
    return new Response(new Uint8Array(png), {
      headers: {
        'Content-Type': 'image/png',
        'Content-Length': String(png.length),
        'Cache-Control': 'private, max-age=3600',
      },
    });
  },
);
