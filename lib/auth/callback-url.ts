/** Any origin does as the base: only whether the value stays on it matters, and only the path is returned. */
const FALLBACK_ORIGIN = 'http://localhost';
const CONTROL_CHARACTERS = /[\u0000-\u001F\u007F]/;

/**
 * Where to go after signing in: only a page of this site, decided the way a browser will read the address.
 * The value is parsed against the app's own origin and kept only when the origin is unchanged; what is kept
 * is the parsed path, query and fragment, never the raw text. So `//evil.example`, `/\evil.example`,
 * `/%09/evil.example` (a browser drops the tab: `//evil.example`), `/.//evil.example` and `https://...` all
 * fall back to '/', as does anything with a control character (a CR in a redirect's Location header is a
 * 500) or that does not parse. The login page itself and the API are never a destination.
 */
export function safeCallbackUrl(value: string | null | undefined, origin: string = FALLBACK_ORIGIN): string {
  if (!value || !value.startsWith('/') || CONTROL_CHARACTERS.test(value)) return '/';
  let base: URL;
  let url: URL;
  try {
    base = new URL(origin);
    url = new URL(value, base);
  } catch {
    return '/';
  }
  if (url.origin !== base.origin) return '/';
  const path = url.pathname;
  // A path that starts with two slashes would be read as another host by the browser it is sent to.
  if (path.startsWith('//') || path.startsWith('/\\')) return '/';
  if (path.startsWith('/login') || path.startsWith('/api/')) return '/';
  return `${path}${url.search}${url.hash}`;
}
