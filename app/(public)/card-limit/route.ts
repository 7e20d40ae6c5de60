import type { NextRequest } from 'next/server';
import { CARD_TEAL } from '@/components/card/brand';
import { cardLookupRetryAfter, PUBLIC_RATE_LIMIT_TEXT } from '@/lib/services/public-limits';

export const dynamic = 'force-dynamic';

/**
 * Where the card pages send an address that has used up its failed lookups (public-limits.ts): a friendly
 * page answered with 429 and Retry-After, which a page component cannot set. Plain HTML with inline styles,
 * so it needs nothing else from the server.
 */
export async function GET(req: NextRequest): Promise<Response> {
  const wait = Math.max(60, await cardLookupRetryAfter(req.headers));
  const minutes = Math.ceil(wait / 60);
  const html = `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Too Many Requests</title>
<style>
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:16px;box-sizing:border-box;
font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:linear-gradient(#e3f3f1,#fff);color:#0f172a}
main{max-width:24rem;width:100%;background:#fff;border:1px solid #e2e8f0;border-radius:1.5rem;padding:2.5rem 1.5rem;text-align:center;
box-shadow:0 1px 2px rgba(0,0,0,.05)}
h1{font-size:1.25rem;margin:0 0 1rem;color:${CARD_TEAL}}
p{margin:0 0 .75rem;color:#475569;line-height:1.5}
</style>
</head>
<body>
<main>
<h1>Too Many Requests</h1>
<p>${PUBLIC_RATE_LIMIT_TEXT}</p>
<p>If you have a card link from the clinic, please check that it was copied in full. You can try again in about ${minutes} minute${minutes === 1 ? '' : 's'}.</p>
</main>
</body>
</html>`;
  return new Response(html, {
    status: 429,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Retry-After': String(wait),
      'Cache-Control': 'no-store',
    },
  });
}
