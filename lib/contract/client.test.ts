import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/client/api';
import * as clients from './clients';
import { call, endpointKey, endpointMutation, endpointPages, endpointQuery, fileUrl, upload } from './client';
import * as payments from './payments';
import * as settings from './settings';

function answer(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(body === undefined ? null : JSON.stringify(body), { status, headers });
}

describe('the contract in the browser', () => {
  const realFetch = global.fetch;
  let fetchMock: jest.Mock;
  beforeEach(() => {
    fetchMock = jest.fn();
    global.fetch = fetchMock;
  });
  afterEach(() => {
    global.fetch = realFetch;
  });
  const sent = (n = 0) =>
    fetchMock.mock.calls[n] as [string, RequestInit & { headers: Record<string, string> }];

  it('calls the declared method and path, with the parameters encoded and the body as JSON', async () => {
    fetchMock.mockResolvedValue(answer(200, { id: 'a b' }));
    await call(clients.update, { params: { id: 'a b' }, body: { affiliateCompany: 'Acme' } });
    const [url, init] = sent();
    expect(url).toBe('/api/admin/clients/a%20b');
    expect(init.method).toBe('PATCH');
    expect(init.body).toBe('{"affiliateCompany":"Acme"}');
  });

  it('leaves empty query values out, and a refusal is an ApiError with its field messages', async () => {
    fetchMock.mockResolvedValue(answer(400, { message: 'Bad', fieldErrors: { q: ['Too long'] } }));
    const error = await call(clients.get, { params: { id: 'x' }, query: { referrals: false } }).catch(
      (e: unknown) => e,
    );
    expect(sent()[0]).toBe('/api/clients/x?referrals=false');
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).fieldErrors).toEqual({ q: ['Too long'] });
  });

  it('keys a query by its area first, so a change can make the whole area stale', () => {
    expect(endpointKey(clients.get, { params: { id: 'x' } })).toEqual([
      'clients',
      'GET /api/clients/{id}',
      { id: 'x' },
      null,
    ]);
    expect(endpointQuery(clients.get, { params: { id: 'x' } }).queryKey[0]).toBe('clients');
  });

  it('reads a paged list page by page, asking for the next cursor until there is none', async () => {
    fetchMock
      .mockResolvedValueOnce(answer(200, [{ id: '1' }], { 'X-Total-Count': '2', 'X-Next-Cursor': 'c1' }))
      .mockResolvedValueOnce(answer(200, [{ id: '2' }], { 'X-Total-Count': '2' }));
    const qc = new QueryClient();
    const options = endpointPages(clients.list, { query: { limit: 1, q: 'ann' } });
    const data = await qc.fetchInfiniteQuery({ ...options, pages: 2 });
    expect(sent(0)[0]).toBe('/api/clients?limit=1&q=ann');
    expect(sent(1)[0]).toBe('/api/clients?limit=1&q=ann&cursor=c1');
    expect(data.pages.map((p) => p.items)).toEqual([[{ id: '1' }], [{ id: '2' }]]);
    expect(data.pages[1]?.nextCursor).toBeNull();
  });

  it('names in a mutation the areas its endpoint declares stale', () => {
    const options = endpointMutation(payments.payAll);
    expect(options.meta.invalidates).toEqual(payments.payAll.invalidates);
    expect(options.mutationKey).toEqual([`POST ${payments.payAll.path}`]);
  });

  it('sends a file as multipart/form-data in the declared field, leaving the boundary to the browser', async () => {
    fetchMock.mockResolvedValue(answer(200, { logoUrl: '/logo.png' }));
    await upload(settings.uploadLogo, new Blob(['png'], { type: 'image/png' }));
    const [url, init] = sent();
    expect(url).toBe('/api/settings/logo');
    expect(init.body).toBeInstanceOf(FormData);
    expect((init.body as FormData).get('logo')).toBeInstanceOf(Blob);
    expect(init.headers['Content-Type']).toBeUndefined();
  });

  it('builds the address of a file an endpoint makes', () => {
    expect(fileUrl(payments.reportCsv, { query: { year: 2026, month: 11 } })).toBe(
      '/api/payments/report.csv?year=2026&month=11',
    );
  });
});
