import { z } from 'zod';
import { route } from '@/lib/api/route';
import { cardPath } from '@/components/card/brand';
import { getClinic } from '@/lib/services/clinic';
import { failCardLookup, getCardByToken } from '@/lib/services/cards';

export const dynamic = 'force-dynamic';

/**
 * The web app manifest of one card: installed from the card page ('Add to Home Screen'), the icon opens this
 * card, standalone. Each card is its own app (id and scope), so two cards on one phone do not replace each other.
 */
export const GET = route(
  { access: 'public', params: z.object({ cardToken: z.string() }) },
  async ({ req, params }) => {
    // A miss counts against the caller's address like every public card lookup.
    if (!(await getCardByToken(params.cardToken))) {
      await failCardLookup(req.headers, 'Referral Reward Card Not Found');
    }
    const path = cardPath(params.cardToken);
    const clinic = await getClinic();
    const manifest = {
      id: path,
      name: `${clinic.displayName} Reward Card`,
      short_name: clinic.name ? clinic.name.slice(0, 24) : 'Reward Card',
      description: `Your referral reward card at ${clinic.displayName}: show your QR code and share your link.`,
      lang: 'en-GB',
      start_url: path,
      scope: path,
      display: 'standalone',
      orientation: 'portrait',
      theme_color: clinic.colour,
      background_color: '#ffffff',
      // The clinic's logo (a PNG of up to 512 px) when it has one, else the built-in smile.
      icons: clinic.logoUrl
        ? [{ src: clinic.logoUrl, sizes: '512x512', type: 'image/png', purpose: 'any' }]
        : [{ src: '/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
    };
    return new Response(JSON.stringify(manifest), {
      headers: {
        'Content-Type': 'application/manifest+json; charset=utf-8',
        'Cache-Control': 'private, max-age=3600',
      },
    });
  },
);
