import { trustedProxies } from '@/lib/forwarded-headers';

/**
 * The caller's address for the per-address limits (sign-in, the lead form, review tracking, card look-ups).
 *
 * `npm start` serves the app through scripts/server.js, which rewrites X-Forwarded-For from the connection
 * before Next.js sees the request (lib/forwarded-headers.js): the hops the TRUSTED_PROXIES proxies appended,
 * then the socket's own address, and nothing the caller wrote. So the caller is the entry TRUSTED_PROXIES
 * places from the right (the first one, when the proxies sent fewer hops than promised).
 */
export function clientIp(headers: Headers): string {
  const chain = (headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const hops = trustedProxies(process.env.TRUSTED_PROXIES);
  return chain[chain.length - 1 - hops] ?? chain[0] ?? headers.get('x-real-ip') ?? 'unknown';
}
