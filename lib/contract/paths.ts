/**
 * The public pages' endpoints without their schemas: what the card page, the review page and the unsubscribe
 * page call from the browser, as plain method-and-path pairs, and their addresses as lib/contract/client.ts's
 * fileUrl gives them (the calls themselves: callPublic in ./public-call.ts, kept apart so that a page that only
 * links to a file does not load the fetch code).
 *
 * Why not the declarations themselves: a declaration (lib/contract/public.ts, team.ts) carries its zod schemas,
 * so a browser component that imports one ships zod with it, some 90 KB gzip on a page whose whole budget is
 * 145 (issue 30's typed calls did that to the card and review pages; docs/benchmarks.md, 27 November 2026).
 * Here the declarations are imported as types only, which the bundle never sees: each path below must be its
 * declaration's path literal or tsc refuses it, and paths.test.ts checks the same at run time. The staff app
 * keeps calling the declarations through lib/contract/client.ts. A unit test fails if the public pages'
 * browser code reaches zod by any import (components/public/browser-imports.test.ts).
 */
import type { CallArgs } from './client';
import { pathOf, queryStringOf } from './endpoint';
import type * as publicApi from './public';
import type * as team from './team';

/** The declarations the public pages call, by name (types only: nothing of them reaches the browser). */
export interface Declared {
  cardQr: typeof publicApi.cardQr;
  walletPass: typeof publicApi.walletPass;
  googleWallet: typeof publicApi.googleWallet;
  unsubscribe: typeof publicApi.unsubscribe;
  trackScan: typeof team.trackScan;
  trackPlatform: typeof team.trackPlatform;
}

export type PublicEndpointName = keyof Declared;

/** Each public endpoint's method and path, exactly as declared. */
export const PUBLIC_ENDPOINTS: { readonly [K in PublicEndpointName]: Pick<Declared[K], 'method' | 'path'> } =
  {
    cardQr: { method: 'GET', path: '/api/users/card/{cardNumber}/qr' },
    walletPass: { method: 'GET', path: '/api/users/card/{cardNumber}/pass' },
    googleWallet: { method: 'GET', path: '/api/users/card/{cardNumber}/google-wallet' },
    unsubscribe: { method: 'POST', path: '/api/unsubscribe/{token}' },
    trackScan: { method: 'POST', path: '/api/track-scan' },
    trackPlatform: { method: 'POST', path: '/api/track-review-platform' },
  };

/** The address to call: the path with its parameters, and the query string (as urlOf in ./endpoint). */
export function publicUrlOf(name: PublicEndpointName, input?: unknown): string {
  const i = input as { params?: Record<string, unknown>; query?: Record<string, unknown> } | undefined;
  return pathOf(PUBLIC_ENDPOINTS[name].path, i?.params) + queryStringOf(i?.query);
}

/** The address of a file a public endpoint makes (the QR image, a wallet pass), as `fileUrl` gives it. */
export function publicFileUrl<K extends PublicEndpointName>(
  name: K,
  ...[input]: CallArgs<Declared[K]>
): string {
  return publicUrlOf(name, input);
}
