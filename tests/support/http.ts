/**
 * Calls the app's real route handlers with real requests (no mocks): the same functions Next.js runs, against
 * the test file's real database.
 */
import { NextRequest } from 'next/server';
import { hashPassword } from '@/lib/auth/password';
import { db } from '@/lib/db';

export const ORIGIN = 'http://localhost:3000';

type RouteHandler = (req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

export interface CallOptions {
  method?: string;
  path?: string;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as is (with `contentType`), for malformed bodies. */
  rawBody?: string;
  /** Sent as multipart/form-data (file uploads). */
  form?: FormData;
  contentType?: string;
  cookie?: string;
  headers?: Record<string, string>;
  params?: Record<string, string>;
  ip?: string;
}

export interface CallResult {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  headers: Headers;
  /** The cookies the response set, name → value ('' when cleared). */
  setCookies: Record<string, string>;
  setCookieHeaders: string[];
}

export async function call(handler: RouteHandler, options: CallOptions = {}): Promise<CallResult> {
  const method =
    options.method ??
    (options.body !== undefined || options.rawBody !== undefined || options.form ? 'POST' : 'GET');
  const headers = new Headers(options.headers);
  headers.set('x-forwarded-for', options.ip ?? '127.0.0.1');
  if (options.cookie) headers.set('cookie', options.cookie);
  let body: string | FormData | undefined;
  if (options.form) {
    body = options.form;
  } else if (options.rawBody !== undefined) {
    body = options.rawBody;
    headers.set('content-type', options.contentType ?? 'application/json');
  } else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers.set('content-type', options.contentType ?? 'application/json');
  }
  const req = new NextRequest(new URL(options.path ?? '/api/test', ORIGIN), { method, headers, body });
  const res = await handler(req, { params: Promise.resolve(options.params ?? {}) });
  const text = await res.text();
  const setCookieHeaders = res.headers.getSetCookie();
  const setCookies: Record<string, string> = {};
  for (const header of setCookieHeaders) {
    const [pair] = header.split(';');
    const eq = pair!.indexOf('=');
    setCookies[pair!.slice(0, eq)] = pair!.slice(eq + 1);
  }
  let parsed: unknown = null;
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = text;
    }
  }
  return { status: res.status, body: parsed, headers: res.headers, setCookies, setCookieHeaders };
}

let counter = 0;

export interface TestStaff {
  id: string;
  email: string;
  password: string;
  cookie: string;
}

/** A staff account in the test database, signed in through the real login route. */
export async function makeStaff(options: { isFullAdmin?: boolean; email?: string } = {}): Promise<TestStaff> {
  counter += 1;
  const email = options.email ?? `staff${counter}-${Date.now()}@clinic.test`;
  const password = `Correct-Horse-${counter}`;
  const user = await db.staffUser.create({
    data: { email, passwordHash: await hashPassword(password), isFullAdmin: options.isFullAdmin ?? false },
  });
  return { id: user.id, email, password, cookie: await signIn(email, password) };
}

export async function signIn(username: string, password: string): Promise<string> {
  const { POST } = await import('@/app/api/login/route');
  const res = await call(POST, {
    path: '/api/login',
    body: { username, password },
    ip: `10.9.${counter % 250}.1`,
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(res.body)}`);
  // The session's cookie only: the browser's id (issue 31's sign-in record) is not part of being signed in.
  return Object.entries(res.setCookies)
    .filter(([name, value]) => value && name.endsWith('session-token'))
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');
}
