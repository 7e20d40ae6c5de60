import { logoPng } from '@/lib/services/settings';

/**
 * The clinic's logo, public: /clinic-logo/{hash}.png. The address names the logo's content, so a browser may
 * keep it for a year; a new logo has a new address, and an old address answers 404.
 */
export async function GET(_req: Request, { params }: { params: Promise<{ file: string }> }) {
  const match = /^([0-9a-f]{20})\.png$/.exec((await params).file);
  const png = match ? await logoPng(match[1]!) : null;
  if (!png) return new Response('Not found', { status: 404, headers: { 'Cache-Control': 'no-store' } });
  return new Response(new Uint8Array(png), {
    headers: {
      'Content-Type': 'image/png',
      'Content-Length': String(png.length),
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
