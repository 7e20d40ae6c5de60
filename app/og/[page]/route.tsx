import { ImageResponse } from 'next/og';
import { getClinic } from '@/lib/services/clinic';
import { currentLogoPng } from '@/lib/services/settings';

/** What each preview says under the clinic's name: nothing about any client. */
const LINES: Record<string, { heading: string; text: string }> = {
  card: { heading: 'Referral Reward Card', text: 'Recommend a friend and earn a cash reward.' },
  form: { heading: 'You have been recommended', text: 'Book your free consultation.' },
  review: { heading: 'How was your visit?', text: 'Leave a review: it only takes a minute.' },
};

/**
 * /og/{card|form|review}: the 1200 × 630 link preview of the public pages (next/og: drawn on the server, with
 * the bundled font), in the clinic's colour with its logo and name. Public, and the same for every client.
 */
export async function GET(_req: Request, { params }: { params: Promise<{ page: string }> }) {
  const lines = LINES[(await params).page];
  if (!lines) return new Response('Not found', { status: 404 });
  const clinic = await getClinic();
  const logo = clinic.logoUrl ? await currentLogoPng() : null;
  const logoSrc = logo ? `data:image/png;base64,${logo.toString('base64')}` : null;
  return new ImageResponse(
    <div
      style={{
        width: '100%',
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'space-between',
        padding: 72,
        color: 'white',
        backgroundImage: `linear-gradient(150deg, ${clinic.colour} 0%, ${clinic.colourDeep} 100%)`,
      }}
    >
      <div style={{ display: 'flex', alignItems: 'center', gap: 32 }}>
        {logoSrc && (
          <div
            style={{
              display: 'flex',
              width: 140,
              height: 140,
              borderRadius: 28,
              background: 'white',
              alignItems: 'center',
              justifyContent: 'center',
              padding: 14,
            }}
          >
            {/* eslint-disable-next-line @next/next/no-img-element -- drawn by next/og, not a page */}
            <img src={logoSrc} alt="" width={112} height={112} style={{ objectFit: 'contain' }} />
          </div>
        )}
        <div style={{ fontSize: 64, fontWeight: 700, lineHeight: 1.1, display: 'flex' }}>
          {clinic.displayName}
        </div>
      </div>
      <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
        <div style={{ fontSize: 76, fontWeight: 800, lineHeight: 1.05, display: 'flex' }}>
          {lines.heading}
        </div>
        <div style={{ fontSize: 40, opacity: 0.92, display: 'flex' }}>{lines.text}</div>
      </div>
    </div>,
    {
      width: 1200,
      height: 630,
      headers: { 'Cache-Control': 'public, max-age=3600, stale-while-revalidate=86400' },
    },
  );
}
