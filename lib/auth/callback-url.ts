/**
 * Where to go after signing in: only a path on this site (never `//evil.example` or `https://...`), so the
 * login page cannot be used to send someone elsewhere.
 */
export function safeCallbackUrl(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  if (value.startsWith('/login') || value.startsWith('/api/')) return '/';
  return value;
}
