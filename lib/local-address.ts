/**
 * Whether a web address can only be opened on this computer or this network (issue 18, printed QR codes):
 * localhost, loopback, private IPv4 ranges (10/8, 172.16/12, 192.168/16), link-local, carrier-grade NAT, unique
 * local and link-local IPv6, and names such as *.local, *.lan, *.internal, *.home.arpa or a bare host name. A
 * phone scanning a printed code for such an address finds nothing.
 */
export function isLocalAddress(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase().replace(/\.$/, '');
  } catch {
    return true;
  }
  if (host.startsWith('[') && host.endsWith(']')) {
    const v6 = host.slice(1, -1);
    return (
      v6 === '::1' || v6 === '::' || /^f[cd]/.test(v6) || /^fe[89ab]/.test(v6) || v6.startsWith('::ffff:')
    );
  }
  const v4 = host.match(/^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/);
  if (v4) {
    const [a, b] = [Number(v4[1]), Number(v4[2])];
    return (
      a === 10 ||
      a === 127 ||
      a === 0 ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 100 && b >= 64 && b <= 127)
    );
  }
  if (!host.includes('.')) return true; // localhost, or a bare name only this network resolves
  return /\.(localhost|local|lan|internal|home\.arpa|intranet|corp|test|example|invalid)$/.test(host);
}

/**
 * How the server's APP_URL stands (issue 29, point 6): not set (the app fell back to http://localhost:PORT),
 * set to an address only this computer or network can open, or public. Only 'public' is ready for patients:
 * the card emails, QR codes and links all name this address.
 */
export type AppUrlState = 'unset' | 'local' | 'public';

export function appUrlState(origin: string, defaulted: boolean): AppUrlState {
  if (defaulted) return 'unset';
  return isLocalAddress(origin) ? 'local' : 'public';
}
