import type { NextRequest } from 'next/server';
import { appUrl } from '@/lib/env';

/** The address clients and friends reach the app on: APP_URL when set, else what the request came in on. */
export function publicOrigin(req: NextRequest): string {
  const configured = appUrl();
  if (configured) return new URL(configured).origin;
  const host = req.headers.get('x-forwarded-host') ?? req.headers.get('host');
  const proto = req.headers.get('x-forwarded-proto') ?? req.nextUrl.protocol.replace(':', '');
  return host ? `${proto}://${host}` : req.nextUrl.origin;
}
