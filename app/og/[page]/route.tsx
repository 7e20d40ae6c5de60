import { toClinic } from '@/lib/clinic';
import { formPreviewText } from '@/lib/offer';
import { currentLogoPng, getSettings } from '@/lib/services/settings';
import { drawPreview, isPreviewKind, previewCache, previewInputs, previewKey } from '@/lib/og/preview';

/**
 * Shared caches may keep an image an hour; after that they revalidate with the ETag, which changes exactly when
 * what the image shows changes (the pages link to it with a version of the profile in the query, too).
 */
const CACHE_CONTROL = 'public, max-age=3600, stale-while-revalidate=86400';

/**
 * /og/{card|form|review}: the 1200 × 630 link preview of the public pages, in the clinic's colour with its logo
 * and name. Public, and the same for every client. Drawn once per version of the clinic's profile and then
 * served from memory (lib/og/preview.tsx): a query string changes nothing (it is never read), so it can neither
 * force a new drawing nor add a cache entry (issue 28, point 9).
 */
export async function GET(req: Request, { params }: { params: Promise<{ page: string }> }) {
  const kind = (await params).page;
  if (!isPreviewKind(kind)) return new Response('Not found', { status: 404 });
  const settings = await getSettings();
  const inputs = previewInputs(kind, toClinic(settings), formPreviewText(settings));
  const etag = `"${previewKey(inputs)}"`;
  const headers = { 'Cache-Control': CACHE_CONTROL, ETag: etag };
  const sent = req.headers.get('if-none-match');
  if (sent && sent.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
    return new Response(null, { status: 304, headers });
  }
  const png = await previewCache.get(etag, async () =>
    drawPreview(inputs, inputs.logoUrl ? await currentLogoPng() : null),
  );
  return new Response(new Uint8Array(png), { headers: { ...headers, 'Content-Type': 'image/png' } });
}
