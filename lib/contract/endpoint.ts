/**
 * One declaration per endpoint (issue 30): its method and path, who may call it, its inputs' schemas (from
 * lib/validation), its answer's schema (from lib/dto) and what a change invalidates. The server's `route()`
 * takes it (lib/api/route.ts), the browser calls it through lib/contract/client.ts, and /api/openapi.json is
 * generated from every declaration (lib/contract/openapi.ts). Safe to import from the browser: schemas only.
 */
import type { z, ZodType } from 'zod';

/**
 * Who may call an endpoint: anyone, any signed-in staff member, or full admins only (spec section 6); or
 * (issue 34) 'key': a caller sending a live integration API key as `Authorization: Bearer <key>`, and no one
 * else (a staff session counts for nothing there).
 */
export type Access = 'public' | 'staff' | 'admin' | 'key';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * What a successful answer is: JSON (`response` describes it), a file (CSV, PNG, PDF, an Apple Wallet pass), a
 * redirect, or nothing (204).
 */
export type Produces = 'json' | 'csv' | 'png' | 'pdf' | 'pkpass' | 'redirect' | 'empty';

/**
 * The areas of the staff app's data, as the roots of its query keys (lib/query/keys.ts): a change names the
 * areas it touches, and every query under them is fetched again ("paying touches payments, clients,
 * referrals").
 */
export type Area =
  'clients' | 'referrals' | 'inbox' | 'messages' | 'payments' | 'team' | 'settings' | 'insights' | 'user';

export interface EndpointSpec {
  method: Method;
  /** OpenAPI style: /api/clients/{id}. */
  path: `/api/${string}`;
  access: Access;
  /** The group in the API reference, e.g. 'Clients'. */
  tag: string;
  /** The staff app's area whose query keys this endpoint's answers live under (their root). */
  area?: Area;
  /** One line: what it does. */
  summary: string;
  /** More, for integrators: rules, limits, what is kept. */
  description?: string;
  /** Route parameters ({id}): one that cannot name anything is answered 404 (`notFoundMessage`). */
  params?: ZodType;
  query?: ZodType;
  body?: ZodType;
  /** The JSON answer: a list page's item when `paged`. */
  response?: ZodType;
  /** A list: a JSON array with the total in X-Total-Count and the next page's cursor in X-Next-Cursor. */
  paged?: boolean;
  /** Default 'json' when there is a `response`, else 'empty'. */
  produces?: Produces;
  /** The success status (default 200; 204 for 'empty'). */
  status?: 200 | 201 | 202 | 204 | 302 | 303;
  /** The refusals this endpoint gives besides the ones its access and inputs imply, with what they mean. */
  errors?: Partial<Record<400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 423 | 429 | 503, string>>;
  /** The staff app's areas whose queries a successful call makes stale. */
  invalidates?: readonly Area[];
  /** The 404 message for route parameters that cannot name anything (default 'Not found.'). */
  notFoundMessage?: string;
  /** The largest JSON body accepted (default 16 KiB). */
  maxBodyBytes?: number;
  /** A file sent as multipart/form-data instead of a JSON body: its field, the types taken, the largest size. */
  upload?: { field: string; types: string[]; maxBytes: number };
}

/** Declares an endpoint, keeping every literal type (the method, the path, the schemas) for its callers. */
export function endpoint<const E extends EndpointSpec>(spec: E): E {
  return spec;
}

type Out<S> = S extends ZodType ? z.output<S> : undefined;
type In<S> = S extends ZodType ? z.input<S> : undefined;

/** The parsed inputs a handler receives. */
export type ParamsOf<E extends EndpointSpec> = Out<E['params']>;
export type QueryOf<E extends EndpointSpec> = Out<E['query']>;
export type BodyOf<E extends EndpointSpec> = Out<E['body']>;

/** The JSON answer (for a paged endpoint: one item of the page). */
export type AnswerOf<E extends EndpointSpec> = E['response'] extends ZodType ? z.output<E['response']> : void;

/** What a caller passes: each input the endpoint declares, as the schema accepts it before parsing. */
export type InputOf<E extends EndpointSpec> = (E['params'] extends ZodType
  ? { params: In<E['params']> }
  : { params?: undefined }) &
  (E['query'] extends ZodType ? { query?: In<E['query']> } : { query?: undefined }) &
  (E['body'] extends ZodType ? { body: In<E['body']> } : { body?: undefined });

/** An endpoint's answer kind, with the default. */
export function producesOf(e: EndpointSpec): Produces {
  return e.produces ?? (e.response ? 'json' : 'empty');
}

/** The success status, with the default. */
export function statusOf(e: EndpointSpec): number {
  return e.status ?? (producesOf(e) === 'empty' ? 204 : 200);
}

/** /api/clients/{id} with { id: 'x' } → /api/clients/x (each value URL-encoded). */
export function pathOf(path: string, params?: Record<string, unknown>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '') {
      throw new Error(`${path}: no value for {${name}}`);
    }
    return encodeURIComponent(String(value));
  });
}

/** A query string from the values given (undefined, null and '' left out), with its leading '?', or ''. */
export function queryStringOf(query?: Record<string, unknown>): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, value instanceof Date ? value.toISOString() : String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The address to call: the path with its parameters, and the query string. */
export function urlOf<E extends EndpointSpec>(e: E, input?: InputOf<E>): string {
  const i = input as { params?: Record<string, unknown>; query?: Record<string, unknown> } | undefined;
  return pathOf(e.path, i?.params) + queryStringOf(i?.query);
}
