/**
 * Requests to the app, the way a browser on the same site makes them, with one distinction that the chaos
 * run is all about: an answer (any status) versus no answer at all (the server died mid-request). Only a 2xx
 * answer is an acknowledgement; with no answer the request may or may not have been carried out.
 */

export type Outcome<T> =
  | { kind: 'ok'; status: number; body: T }
  | { kind: 'refused'; status: number; message: string }
  /** `error` is the socket error's code: ECONNREFUSED means the request never reached the server. */
  | { kind: 'no-answer'; error: string };

export interface Session {
  url: string;
  /** Cookie header for staff routes; null for the public form, which a friend posts signed out. */
  cookie: string | null;
}

/** Long enough for a slow 2-core machine under load, short enough that a hung request ends the round. */
const REQUEST_TIMEOUT_MS = 20_000;

export async function call<T>(
  session: Session,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<Outcome<T>> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  // The app refuses a state change whose Origin names another site; a browser sends its own origin.
  if (method !== 'GET') headers.Origin = session.url;
  if (session.cookie) headers.Cookie = session.cookie;
  let res: Response;
  let text: string;
  try {
    res = await fetch(`${session.url}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    // The answer counts only once it has fully arrived: a body cut off by the kill is no answer.
    text = await res.text();
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    return { kind: 'no-answer', error: cause ?? (error as Error).name };
  }
  if (res.status >= 200 && res.status < 300) {
    try {
      return { kind: 'ok', status: res.status, body: (text ? JSON.parse(text) : null) as T };
    } catch {
      return { kind: 'no-answer', error: 'a 2xx answer whose body is not JSON' };
    }
  }
  let message = text.slice(0, 200);
  try {
    message = (JSON.parse(text) as { message?: string }).message ?? message;
  } catch {
    // not JSON: keep the text
  }
  return { kind: 'refused', status: res.status, message };
}

/** Signs in as the run's admin; returns the cookies the answer set, as one Cookie header. */
export async function signIn(url: string, admin: { email: string; password: string }): Promise<Session> {
  const res = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: url },
    body: JSON.stringify({ username: admin.email, password: admin.password }),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`Signing in failed (${res.status}): ${text}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .filter((c) => !c.endsWith('='))
    .join('; ');
  if (!cookie.includes('session-token')) throw new Error('Signing in set no session cookie.');
  return { url, cookie };
}

export interface SeededClient {
  id: string;
  cardNumber: string;
}

/** The referrers: a few clients added through the admin API, as staff would add them. */
export async function seedClients(session: Session, count: number, tag: string): Promise<SeededClient[]> {
  const clients: SeededClient[] = [];
  for (let i = 0; i < count; i++) {
    const outcome = await call<{ id: string; cardNumber: string }>(session, 'POST', '/api/admin/clients', {
      firstName: `Chaos${i}`,
      lastName: 'Referrer',
      email: `chaos-referrer-${tag}-${i}@example.com`,
    });
    if (outcome.kind !== 'ok') {
      throw new Error(
        `Adding client ${i} failed: ${outcome.kind === 'refused' ? `${outcome.status} ${outcome.message}` : outcome.error}`,
      );
    }
    clients.push({ id: outcome.body.id, cardNumber: outcome.body.cardNumber });
  }
  return clients;
}
