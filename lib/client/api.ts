/** Browser-side JSON calls to this app's API (spec section 7: cookies always sent, bodies as JSON). */

export type FieldErrors = Record<string, string[]>;

export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    /** The HTTP status, or 0 when the request never got an answer (offline, DNS, connection reset). */
    readonly status: number,
    message: string,
    /** The `message` the server sent, when it sent one: lets callers choose their own default otherwise. */
    readonly serverMessage?: string,
    readonly fieldErrors?: FieldErrors,
    /** The parsed JSON answer, for errors that carry data (a 409 with the existing record, say). */
    readonly body: Record<string, unknown> = {},
  ) {
    super(message);
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

export interface ApiFetchOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
}

const NETWORK_ERROR = 'Network error. Please try again.';

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

function errorFor(res: Response, text: string): ApiError {
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = undefined;
  }
  const body = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  const serverMessage = typeof body.message === 'string' && body.message !== '' ? body.message : undefined;
  const fieldErrors =
    typeof body.fieldErrors === 'object' && body.fieldErrors !== null
      ? (body.fieldErrors as FieldErrors)
      : undefined;
  // Spec section 8: "<status>: <body text, or the status text when the body is empty>".
  const fallback = `${res.status}: ${text || res.statusText}`;
  return new ApiError(res.status, serverMessage ?? fallback, serverMessage, fieldErrors, body);
}

/**
 * Calls the API and returns its parsed JSON (undefined for an empty answer such as 204). Throws an ApiError
 * for a non-2xx answer or a network failure; an aborted call rethrows the AbortError unchanged.
 */
export async function apiFetch<T>(path: string, options: ApiFetchOptions = {}): Promise<T> {
  return (await apiFetchWithHeaders<T>(path, options)).data;
}

/** One page of a paged list (GET /api/clients, /api/referrals, /api/leads). */
export interface Page<T> {
  items: T[];
  /** Every match, from X-Total-Count. */
  total: number;
  /** For the next page, from X-Next-Cursor; null on the last page. */
  nextCursor: string | null;
  /** The other headers asked for (`extraHeaders`), '' when absent. */
  headers: Record<string, string>;
}

/** A paged list: the array answer with its X-Total-Count and X-Next-Cursor headers. */
export async function apiFetchPage<T>(
  path: string,
  options: ApiFetchOptions = {},
  extraHeaders: string[] = [],
): Promise<Page<T>> {
  const { data, headers } = await apiFetchWithHeaders<T[]>(path, options);
  const items = Array.isArray(data) ? data : [];
  const total = Number(headers.get('X-Total-Count'));
  return {
    items,
    total: Number.isFinite(total) && headers.has('X-Total-Count') ? total : items.length,
    nextCursor: headers.get('X-Next-Cursor') || null,
    headers: Object.fromEntries(extraHeaders.map((name) => [name, headers.get(name) ?? ''])),
  };
}

async function apiFetchWithHeaders<T>(
  path: string,
  { method = 'GET', body, signal }: ApiFetchOptions = {},
): Promise<{ data: T; headers: Headers }> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  // A file goes as multipart/form-data (the browser writes its boundary); anything else as JSON.
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';

  let res: Response;
  let text: string;
  try {
    res = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers,
      body: body === undefined ? undefined : isForm ? (body as FormData) : JSON.stringify(body),
      signal,
    });
    text = await res.text();
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new ApiError(0, NETWORK_ERROR);
  }

  if (!res.ok) throw errorFor(res, text);
  if (text === '') return { data: undefined as T, headers: res.headers };
  try {
    return { data: JSON.parse(text) as T, headers: res.headers };
  } catch {
    throw new ApiError(res.status, `${res.status}: ${text}`);
  }
}

/** A message fit to show a person for anything an API call threw. */
export function errorMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (error instanceof ApiError) return error.message;
  return fallback;
}
