import type { NextRequest } from 'next/server';
import type { Clinic } from '@/lib/clinic';
import { telHref } from '@/lib/format';
import { getClinic } from '@/lib/services/clinic';
import { cardLookupRetryAfter } from '@/lib/services/public-limits';

export const dynamic = 'force-dynamic';

/**
 * Where the card pages send an address that has used up its failed lookups (public-limits.ts): a friendly
 * page answered with 429 and Retry-After, which a page component cannot set. Plain HTML with inline styles,
 * so it needs nothing else from the server. In a patient's words, in the clinic's colour, and ending with its
 * phone and website (issue 29, point 12): a patient with a mistyped link needs a person, not a wait.
 */
export async function GET(req: NextRequest): Promise<Response> {
  const wait = Math.max(60, await cardLookupRetryAfter(req.headers));
  const minutes = Math.ceil(wait / 60);
  const clinic = await getClinic();
  const html = `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Please wait a few minutes · ${escapeHtml(clinic.displayName)}</title>
<style>
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:16px;box-sizing:border-box;
font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:linear-gradient(#e3f3f1,#fff);color:#0f172a}
main{max-width:24rem;width:100%;background:#fff;border:1px solid #e2e8f0;border-radius:1.5rem;padding:2.5rem 1.5rem;text-align:center;
box-shadow:0 1px 2px rgba(0,0,0,.05)}
h1{font-size:1.25rem;margin:0 0 1rem;color:#0f172a}
.clinic{font-weight:700;margin:0 0 1.5rem;color:#0f172a}
p{margin:0 0 .75rem;color:#475569;line-height:1.5}
.actions{display:flex;flex-direction:column;gap:.75rem;margin-top:1.5rem}
.actions a{display:flex;align-items:center;justify-content:center;min-height:3rem;border-radius:.75rem;font-weight:600;
text-decoration:none;padding:0 1.25rem}
.call{background:${clinic.colourDeep};color:#fff}
.web{border:1px solid #cbd5e1;color:#0f172a}
a:focus-visible{outline:3px solid ${clinic.colour};outline-offset:2px}
</style>
</head>
<body>
<main>
<p class="clinic">${escapeHtml(clinic.displayName)}</p>
<h1>Please wait a few minutes</h1>
<p>This phone or computer has opened several card links that we could not find, so we have paused card links here for a little while.</p>
<p>If you have a card link from us, please check that it was copied in full. You can try again in about ${minutes} minute${minutes === 1 ? '' : 's'}.</p>
${contactHtml(clinic)}
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

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The ContactClinic component's links (components/public/contact-clinic.tsx), as plain HTML. */
function contactHtml(clinic: Clinic): string {
  const links = [
    clinic.phone &&
      `<a class="call" href="${escapeHtml(telHref(clinic.phone))}">Call ${escapeHtml(clinic.phone)}</a>`,
    clinic.website &&
      `<a class="web" href="${escapeHtml(clinic.website)}">Visit ${escapeHtml(clinic.displayName)}</a>`,
  ].filter(Boolean);
  const lead = links.length
    ? `Need help? Contact ${escapeHtml(clinic.displayName)}.`
    : `Need help? Please get in touch with ${escapeHtml(clinic.inText)} directly.`;
  return `<p>${lead}</p>${links.length ? `<div class="actions">${links.join('')}</div>` : ''}`;
}
