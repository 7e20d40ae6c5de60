/**
 * The public pages as a phone first opens them, in Debian's Chromium: every request is recorded (any request
 * to another host fails the check: the pages must work offline and leak nothing to third parties), and every
 * JavaScript answer is gzipped here with zlib, so the first-load figure does not depend on how the server
 * happened to compress it.
 */
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface PageCheck {
  name: string;
  label: string;
  path: string;
  status: number | null;
  requests: number;
  /** Requests to any other origin than the app's (data: and blob: URLs are not requests to a host). */
  foreignRequests: string[];
  scripts: number;
  jsBytes: number;
  jsGzipBytes: number;
  /** What the figure is made of: each script's file name and gzip size, largest first. */
  scriptSizes?: { file: string; gzipBytes: number }[];
  error?: string;
}

/**
 * Each page's first-load JS split into what every checked public page loads (React DOM, Next's client runtime:
 * the floor no page goes under) and the page's own scripts, e.g. '125.6 KB shared + 13.7 KB own (x.js 8.5 KB,
 * y.js 5.2 KB)'.
 */
export function firstLoadMakeup(pages: PageCheck[]): Map<string, string> {
  const lists = pages.filter((p) => p.scriptSizes?.length).map((p) => p.scriptSizes!);
  const shared = new Set(lists[0]?.map((s) => s.file) ?? []);
  for (const list of lists.slice(1)) {
    const files = new Set(list.map((s) => s.file));
    for (const file of shared) if (!files.has(file)) shared.delete(file);
  }
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const out = new Map<string, string>();
  for (const page of pages) {
    if (!page.scriptSizes?.length) continue;
    const own = page.scriptSizes.filter((s) => !shared.has(s.file));
    const sharedBytes = page.scriptSizes
      .filter((s) => shared.has(s.file))
      .reduce((n, s) => n + s.gzipBytes, 0);
    const ownBytes = own.reduce((n, s) => n + s.gzipBytes, 0);
    out.set(
      page.name,
      `${kb(sharedBytes)} shared by every public page (React DOM, Next's runtime) + ${kb(ownBytes)} its own` +
        (own.length ? ` (${own.map((s) => `${s.file} ${kb(s.gzipBytes)}`).join(', ')})` : ''),
    );
  }
  return out;
}

export async function checkPages(
  origin: string,
  pages: { name: string; label: string; path: string }[],
  executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium',
): Promise<PageCheck[]> {
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  try {
    const out: PageCheck[] = [];
    for (const { name, label, path } of pages) {
      // A new context per page: an empty cache, as on a first visit.
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
      const page = await context.newPage();
      const check: PageCheck = {
        name,
        label,
        path,
        status: null,
        requests: 0,
        foreignRequests: [],
        scripts: 0,
        jsBytes: 0,
        jsGzipBytes: 0,
      };
      const bodies: Promise<void>[] = [];
      const sizes: { file: string; gzipBytes: number }[] = [];
      page.on('request', (request) => {
        const url = request.url();
        if (url.startsWith('data:') || url.startsWith('blob:')) return;
        check.requests++;
        if (new URL(url).origin !== origin) check.foreignRequests.push(url);
      });
      page.on('response', (response) => {
        const type = response.headers()['content-type'] ?? '';
        if (response.request().resourceType() !== 'script' && !/javascript/.test(type)) return;
        bodies.push(
          response.body().then(
            (body) => {
              const gzipBytes = gzipSync(body).length;
              check.scripts++;
              check.jsBytes += body.length;
              check.jsGzipBytes += gzipBytes;
              sizes.push({ file: new URL(response.url()).pathname.split('/').pop() ?? '?', gzipBytes });
            },
            () => {}, // a redirect or an aborted request has no body
          ),
        );
      });
      try {
        const response = await page.goto(origin + path, { waitUntil: 'networkidle', timeout: 60_000 });
        check.status = response?.status() ?? null;
        await Promise.all(bodies);
        check.scriptSizes = sizes.sort((a, b) => b.gzipBytes - a.gzipBytes);
      } catch (error) {
        check.error = (error as Error).message.split('\n')[0];
      }
      await context.close();
      out.push(check);
    }
    return out;
  } finally {
    await browser.close();
  }
}

/** A signed-in staff page as a laptop shows it, saved as a PNG (the README's picture of the Insights page). */
export async function screenshotPage(
  origin: string,
  path: string,
  cookie: string,
  file: string,
  executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium',
): Promise<void> {
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({
      viewport: { width: 1366, height: 900 },
      deviceScaleFactor: 1,
    });
    await context.setExtraHTTPHeaders({ cookie });
    const page = await context.newPage();
    await page.goto(origin + path, { waitUntil: 'networkidle' });
    await page.locator('figure[role="img"] svg').first().waitFor();
    await page.screenshot({ path: file, fullPage: true });
  } finally {
    await browser.close();
  }
}
