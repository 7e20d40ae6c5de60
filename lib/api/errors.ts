/** An error that is an answer: the route wrapper turns it into JSON `{ message, ...extra }` with its status. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, extra?: Record<string, unknown>) =>
  new HttpError(400, message, extra);
export const unauthorized = (message = 'You need to sign in.') => new HttpError(401, message);
export const forbidden = (message = 'You do not have permission to do this.') => new HttpError(403, message);
export const notFound = (message = 'Not found.') => new HttpError(404, message);
export const conflict = (message: string, extra?: Record<string, unknown>) =>
  new HttpError(409, message, extra);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, {}, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
