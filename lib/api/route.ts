import 'server-only';
import { NextResponse, type NextRequest } from 'next/server';
import { z, type ZodType } from 'zod';
import { readSessionCookie, userFromSessionToken, type SessionUser } from '@/lib/auth/session';
import { answerDrift } from '@/lib/contract/check';
import type { Access, EndpointSpec } from '@/lib/contract/endpoint';
import { appUrl } from '@/lib/env';
import { requestLog } from '@/lib/log';
import {
  apiKeyRefusal,
  authenticateApiKey,
  limitApiKeyCall,
  markApiKeyUsed,
  type ApiKeyCaller,
} from '@/lib/services/api-keys';
import { HttpError } from './errors';

export type { Access } from '@/lib/contract/endpoint';

const DEFAULT_MAX_BODY_BYTES = 16 * 1024;
/** PostgreSQL cannot store a NUL character in text (the write fails), and no one types one: refused as input. */
const NUL_TEXT = 'Text cannot contain a NUL character (\\u0000).';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A key route has no user: its caller is the key (issue 34). */
type UserFor<A extends Access> = A extends 'public'
  ? SessionUser | null
  : A extends 'key'
    ? null
    : SessionUser;
type KeyFor<A extends Access> = A extends 'key' ? ApiKeyCaller : null;

export interface RouteContext<A extends Access, B, Q, P> {
  req: NextRequest;
  user: UserFor<A>;
  /** The integration API key the call was made with (access 'key' only). */
  apiKey: KeyFor<A>;
  body: B;
  query: Q;
  params: P;
}

/**
 * What `route()` takes: an endpoint's declaration (lib/contract; every route under /api has one), or for a
 * route that is no API (the card's web app manifest), just its access rule and input schemas.
 */
export type RouteSpec = Pick<EndpointSpec, 'access'> & Partial<Omit<EndpointSpec, 'access'>>;

type Out<S> = S extends ZodType ? z.output<S> : undefined;

/** A declared JSON answer is checked against its schema by the compiler; a file or a page is a Response. */
type Returned<S extends RouteSpec> = S['response'] extends ZodType
  ? S['paged'] extends true
    ? Response
    : z.output<S['response']> | Response
  : Response | object | null | undefined;

type Handler<S extends RouteSpec> = (
  ctx: RouteContext<S['access'], Out<S['body']>, Out<S['query']>, Out<S['params']>>,
) => Promise<Returned<S>> | Returned<S>;

export function json(body: unknown, init?: ResponseInit): NextResponse {
  return NextResponse.json(body, init);
}

/**
 * A page of a list: the array itself (the spec's list answers are arrays), with the total of matches in
 * X-Total-Count and, when there is more, the next page's cursor in X-Next-Cursor.
 */
export function pagedJson(page: {
  items: unknown[];
  total: number;
  nextCursor: string | null;
}): NextResponse {
  const headers: Record<string, string> = { 'X-Total-Count': String(page.total) };
  if (page.nextCursor) headers['X-Next-Cursor'] = page.nextCursor;
  return NextResponse.json(page.items, { headers });
}

/**
 * What a signed-in caller is answered (clients with bank state, reports, the audit, CSV files) is never kept by
 * a browser's or a proxy's cache: `no-store`, unless the handler chose `private` caching itself (a team
 * member's QR image, which holds only the public review link).
 */
function notStored(res: Response, access: Access): Response {
  if (access === 'public') return res;
  if (/^\s*private\b/i.test(res.headers.get('cache-control') ?? '')) return res;
  try {
    res.headers.set('Cache-Control', 'no-store');
    return res;
  } catch {
    // A Response with immutable headers (Response.redirect): copy it.
    const copy = new Response(res.body, res);
    copy.headers.set('Cache-Control', 'no-store');
    return copy;
  }
}

function errorResponse(error: HttpError): NextResponse {
  return NextResponse.json(
    { message: error.message, ...error.extra },
    { status: error.status, headers: error.headers },
  );
}

/** The first message of a validation failure, plus every field's messages for forms. */
export function validationError(error: z.ZodError): HttpError {
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    (fieldErrors[key] ??= []).push(issue.message);
  }
  return new HttpError(400, error.issues[0]?.message ?? 'Invalid input', { fieldErrors });
}

/**
 * Set by the integration suite (tests/support/contract-check.ts): every answer of a declared endpoint is
 * checked against its schema, and one that drifted is a 500 naming what drifted.
 */
const CONTRACT_CHECK = process.env.CONTRACT_CHECK === '1';

async function checkContract(req: NextRequest, spec: RouteSpec, result: unknown): Promise<void> {
  let value = result;
  if (result instanceof Response) {
    // Only successful JSON answers are declared (a file, a redirect, a refusal are not).
    if (!result.ok || !/^application\/json\b/i.test(result.headers.get('content-type') ?? '')) return;
    value = await result.clone().json();
  }
  if (value === null || value === undefined) return;
  const drift = answerDrift(spec.response!, value, spec.paged);
  if (drift) {
    throw new Error(
      `[contract] ${req.method} ${spec.path ?? req.nextUrl.pathname}'s answer drifted: ${drift}`,
    );
  }
}

function parse<T>(schema: ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) throw validationError(result.error);
  return result.data;
}

/**
 * State-changing calls must come from this site: a browser always sends Origin on a cross-site POST, so one
 * that names another site (or says it is cross-site) is refused. Calls without Origin (curl, server-to-server)
 * carry no ambient cookies from another site and are let through.
 */
function assertSameOrigin(req: NextRequest): void {
  if (SAFE_METHODS.has(req.method)) return;
  if (req.headers.get('sec-fetch-site') === 'cross-site') {
    throw new HttpError(403, 'Cross-site requests are not allowed.');
  }
  const origin = req.headers.get('origin');
  if (!origin) return;
  const allowed = new Set<string>();
  const host = req.headers.get('x-forwarded-host') ?? req.headers.get('host');
  if (host) {
    const proto = req.headers.get('x-forwarded-proto') ?? req.nextUrl.protocol.replace(':', '');
    allowed.add(`${proto}://${host}`);
  }
  allowed.add(req.nextUrl.origin);
  const configured = appUrl();
  if (configured) allowed.add(new URL(configured).origin);
  if (!allowed.has(origin)) throw new HttpError(403, 'Cross-site requests are not allowed.');
}

const TOO_LARGE = 'The request is too large.';

/**
 * The request's body, read as it streams and never past `maxBytes`: a chunked body (no Content-Length) of any
 * size stops being read the moment it passes the cap (413), instead of being read whole first (issue 28 point
 * 8). The reader is left, not cancelled: cancelling makes Next destroy the connection before the 413 is
 * written, and what Next still queues meanwhile is bounded by scripts/server.js's cap on every body, which
 * also closes the connection.
 */
export async function readBodyBytes(req: Request, maxBytes: number): Promise<Buffer> {
  if (Number(req.headers.get('content-length') ?? '0') > maxBytes) throw new HttpError(413, TOO_LARGE);
  if (!req.body) return Buffer.alloc(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let read: ReadableStreamReadResult<Uint8Array>;
    try {
      read = await reader.read();
    } catch {
      // The caller went away, or scripts/server.js cut the body off and answered already.
      throw new HttpError(400, 'The request body could not be read.');
    }
    if (read.done) break;
    size += read.value.byteLength;
    if (size > maxBytes) throw new HttpError(413, TOO_LARGE);
    chunks.push(read.value);
  }
  return Buffer.concat(chunks);
}

async function readJsonBody(req: NextRequest, maxBytes: number): Promise<unknown> {
  const declared = Number(req.headers.get('content-length') ?? '0');
  if (declared > maxBytes) throw new HttpError(413, TOO_LARGE);
  const type = req.headers.get('content-type') ?? '';
  if (!/^application\/json\b/i.test(type)) {
    throw new HttpError(415, 'Send the request body as JSON (Content-Type: application/json).');
  }
  // TextDecoder, as req.text() decodes: UTF-8, a leading BOM dropped, bad bytes replaced.
  const text = new TextDecoder().decode(await readBodyBytes(req, maxBytes));
  if (text.trim() === '') throw new HttpError(400, 'The request body is empty: send a JSON object.');
  let hasNul = false;
  let body: unknown;
  try {
    body = JSON.parse(text, (key, value: unknown) => {
      if (key.includes('\u0000') || (typeof value === 'string' && value.includes('\u0000'))) hasNul = true;
      return value;
    });
  } catch {
    throw new HttpError(400, 'The request body is not valid JSON.');
  }
  if (hasNul) throw new HttpError(400, NUL_TEXT);
  return body;
}

/** Query strings: the same rule as bodies, so a NUL never reaches a search. */
function queryValues(req: NextRequest): Record<string, string> {
  const values = Object.fromEntries(req.nextUrl.searchParams);
  for (const [key, value] of Object.entries(values)) {
    if (key.includes('\u0000') || value.includes('\u0000')) throw new HttpError(400, NUL_TEXT);
  }
  return values;
}

/**
 * Every route handler goes through here, in this order: same-origin check, authorisation (401/403; for a key
 * route the key and its rate limit, 401/429), input parsing with the route's zod schemas (400/413/415), then
 * the handler. Errors become JSON answers; anything
 * unexpected is logged and answered 500 without details.
 */
export function route<const S extends RouteSpec>(options: S, handler: Handler<S>) {
  type A = S['access'];
  type B = Out<S['body']>;
  type Q = Out<S['query']>;
  type P = Out<S['params']>;
  return async (req: NextRequest, context?: { params?: Promise<Record<string, string | string[]>> }) =>
    notStored(await answer(req, context), options.access);

  async function answer(
    req: NextRequest,
    context?: { params?: Promise<Record<string, string | string[]>> },
  ): Promise<Response> {
    try {
      // 1. Refuse cross-site state changes. Not on a key route: the origin check guards the session cookie a
      // browser sends by itself; a key route never reads cookies and authorises only by the Authorization
      // header, which a browser never adds on its own, so a forged cross-site request cannot carry the key.
      if (options.access !== 'key') assertSameOrigin(req);

      // 2. Authorise.
      let user: SessionUser | null = null;
      let apiKey: ApiKeyCaller | null = null;
      if (options.access === 'key') {
        // The key only: a staff session cookie, sent or not, gives nothing here.
        const header = req.headers.get('authorization');
        apiKey = await authenticateApiKey(header);
        if (!apiKey) throw apiKeyRefusal(header);
        await limitApiKeyCall(apiKey);
      } else if (options.access !== 'public' || req.cookies.size > 0) {
        user = await userFromSessionToken(readSessionCookie(req.cookies));
      }
      if ((options.access === 'staff' || options.access === 'admin') && !user) {
        throw new HttpError(401, 'You need to sign in.');
      }
      if (options.access === 'admin' && !user?.isFullAdmin) {
        throw new HttpError(403, 'Only a full admin can do this.');
      }

      // 3. Validate the input.
      // An id that cannot exist is answered like one that does not: 404.
      let params = undefined as P;
      if (options.params) {
        const parsed = options.params.safeParse((await context?.params) ?? {});
        if (!parsed.success) throw new HttpError(404, options.notFoundMessage ?? 'Not found.');
        params = parsed.data as P;
      }
      const query = options.query ? (parse(options.query, queryValues(req)) as Q) : (undefined as Q);
      const body = options.body
        ? (parse(options.body, await readJsonBody(req, options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES)) as B)
        : (undefined as B);

      // 4. Do it.
      const result = await handler({
        req,
        user: user as UserFor<A>,
        apiKey: apiKey as KeyFor<A>,
        body,
        query,
        params,
      });
      if (CONTRACT_CHECK && options.response) await checkContract(req, options, result);
      // A key's last use is a call it made that was taken: a refused one changes nothing.
      if (apiKey && !(result instanceof Response && !result.ok)) await markApiKeyUsed(apiKey);
      if (result instanceof Response) return result;
      if (result === undefined || result === null) return new NextResponse(null, { status: 204 });
      // The declared success status (201 for a creation), so a handler returns just its answer.
      return NextResponse.json(result, { status: options.status ?? 200 });
    } catch (error) {
      if (error instanceof HttpError) return errorResponse(error);
      // The declared pattern (/api/card/{cardToken}), never the address: paths can hold tokens.
      requestLog(req).error(
        { err: error, method: req.method, route: options.path ?? '(undeclared)' },
        'Request failed.',
      );
      return NextResponse.json(
        { message: 'Something went wrong on our side. Please try again.' },
        { status: 500 },
      );
    }
  }
}
