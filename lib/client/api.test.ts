import { ApiError, apiFetch } from './api';

function respond(status: number, body: string, statusText = '') {
  global.fetch = jest.fn().mockResolvedValue(new Response(body || null, { status, statusText }));
}

describe('apiFetch', () => {
  const realFetch = global.fetch;
  afterEach(() => {
    global.fetch = realFetch;
  });

  it('sends JSON with the cookies of this site and returns the parsed answer', async () => {
    respond(200, '{"ok":true}');
    await expect(apiFetch('/api/x', { method: 'POST', body: { a: 1 } })).resolves.toEqual({ ok: true });
    const [, init] = (global.fetch as jest.Mock).mock.calls[0];
    expect(init).toMatchObject({ method: 'POST', credentials: 'same-origin', body: '{"a":1}' });
    expect(init.headers['Content-Type']).toBe('application/json');
  });

  it('returns undefined for an empty answer (204)', async () => {
    respond(204, '');
    await expect(apiFetch('/api/x', { method: 'DELETE' })).resolves.toBeUndefined();
  });

  it("throws the server's message with the status", async () => {
    respond(409, '{"message":"Already there"}');
    await expect(apiFetch('/api/x')).rejects.toMatchObject({ status: 409, message: 'Already there' });
  });

  it('falls back to "<status>: <body or status text>" (spec section 8)', async () => {
    respond(502, 'Bad gateway from proxy');
    await expect(apiFetch('/api/x')).rejects.toMatchObject({ message: '502: Bad gateway from proxy' });
    respond(500, '', 'Internal Server Error');
    await expect(apiFetch('/api/x')).rejects.toMatchObject({ message: '500: Internal Server Error' });
  });

  it('reports a network failure as status 0', async () => {
    global.fetch = jest.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await apiFetch('/api/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).isNetworkError).toBe(true);
    expect((error as ApiError).message).toBe('Network error. Please try again.');
  });
});
