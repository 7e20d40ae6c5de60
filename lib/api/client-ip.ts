/**
 * The caller's address for rate limits. Next's server appends the socket's address to X-Forwarded-For, and
 * each proxy in front appends its peer, so the right-most entries are the trustworthy ones: TRUSTED_PROXIES
 * says how many proxies (a load balancer, say) stand in front of the app (default 0).
 */
export function clientIp(headers: Headers): string {
  const chain = (headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const hops = Math.max(0, Number(process.env.TRUSTED_PROXIES) || 0);
  return chain[chain.length - 1 - hops] ?? chain[0] ?? headers.get('x-real-ip') ?? 'unknown';
}
