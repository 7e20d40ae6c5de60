import { notFound } from '@/lib/api/errors';
import { publicOrigin } from '@/lib/api/origin';
import { route } from '@/lib/api/route';
import * as team from '@/lib/contract/team';
import { qrPng, qrPngWithCaption } from '@/lib/services/qr';
import { findTeamMember, MEMBER_NOT_FOUND_TEXT, reviewUrlFor } from '@/lib/services/team';

/**
 * The member's QR code: a PNG of their review page's address (any staff); `caption=1` writes that address under
 * the code (the download, for printing).
 */
export const GET = route(team.memberQr, async ({ params, query }) => {
  const member = await findTeamMember(params.id);
  if (!member) throw notFound(MEMBER_NOT_FOUND_TEXT);
  const url = reviewUrlFor(publicOrigin(), member.code);
  const png = query.caption ? await qrPngWithCaption(url, query.size) : await qrPng(url, query.size);
  return new Response(new Uint8Array(png), {
    headers: {
      'Content-Type': 'image/png',
      'Content-Length': String(png.length),
      'Cache-Control': 'private, max-age=3600',
    },
  });
});
