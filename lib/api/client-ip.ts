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

/**
 * The address a per-address limit counts under. An IPv4 address is itself (also when written IPv4-mapped, as a
 * dual-stack socket reports it: ::ffff:203.0.113.9). An IPv6 address counts as its /64: a provider hands one
 * customer a whole /64 (often more), so its 2^64 addresses are one caller, and counting each alone would give that
 * caller unlimited tries. Anything else (no address, 'unknown') is kept as it is.
 */
export function limitAddress(address: string): string {
  const plain = address.trim().toLowerCase();
  const groups = ipv6Groups(plain);
  if (!groups) return plain;
  // ::ffff:a.b.c.d (IPv4-mapped) → a.b.c.d
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of an IPv6 address (with '::', an IPv4 tail, brackets or a zone), or null. */
function ipv6Groups(text: string): number[] | null {
  const address = text.replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, '');
  if (!address.includes(':')) return null;
  let tail: number[] = [];
  let head = address;
  const v4 = /^(.*:)(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(address);
  if (v4) {
    const bytes = v4.slice(2).map(Number);
    if (bytes.some((b) => b > 255)) return null;
    tail = [(bytes[0]! << 8) | bytes[1]!, (bytes[2]! << 8) | bytes[3]!];
    // 'a:b::1.2.3.4' keeps its '::'; 'a:b:c:d:e:f:1.2.3.4' drops the ':' before the IPv4 part.
    head = v4[1]!.endsWith('::') ? v4[1]! : v4[1]!.slice(0, -1);
  }
  const halves = head.split('::');
  if (halves.length > 2) return null;
  const parse = (part: string) => (part === '' ? [] : part.split(':'));
  const left = parse(halves[0]!);
  const right = halves.length === 2 ? parse(halves[1]!) : [];
  if (![...left, ...right].every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null;
  const known = left.length + right.length + tail.length;
  if (halves.length === 1 ? known !== 8 : known > 7) return null;
  const zeros = Array<number>(8 - known).fill(0);
  return [
    ...left.map((g) => parseInt(g, 16)),
    ...(halves.length === 2 ? zeros : []),
    ...right.map((g) => parseInt(g, 16)),
    ...tail,
  ];
}
