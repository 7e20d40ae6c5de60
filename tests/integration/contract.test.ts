/**
 * Issue 30: one declaration per endpoint. Every method of every route file under app/api is declared in
 * lib/contract (method, path, access), no declaration names a route that does not exist, each declared access
 * rule is the one the route enforces (the authorisation matrix calls them all; here the declaration is held to
 * the route wrapper's answer), and the OpenAPI document generated from them is valid OpenAPI 3.1 (checked by
 * a real validator) and served at GET /api/openapi.json. The answers themselves are held to their schemas in
 * every integration test (tests/support/contract-check.ts).
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import { GET as openApiRoute } from '@/app/api/openapi.json/route';
import { allEndpoints } from '@/lib/contract';
import { openApiDocument } from '@/lib/contract/openapi';
import { setUpTestDatabase } from '../support/db';
import { call, makeStaff } from '../support/http';
import { discoverRoutes, fillPath, type DiscoveredRoute } from '../support/routes';

setUpTestDatabase();

/** app/api/clients/[id] → /api/clients/{id} */
const declaredPath = (route: DiscoveredRoute) => route.path.replace(/\[(?:\.\.\.)?([^\]]+)\]/g, '{$1}');

let routes: DiscoveredRoute[];
beforeAll(async () => {
  routes = await discoverRoutes();
});

describe('every route is declared once', () => {
  it('each method of each route file has a declaration, and each declaration a route', () => {
    const onDisk = new Set(
      routes.flatMap((r) => Object.keys(r.handlers).map((method) => `${method} ${declaredPath(r)}`)),
    );
    const declared = allEndpoints().map(({ endpoint }) => `${endpoint.method} ${endpoint.path}`);
    expect(declared.length).toBe(new Set(declared).size);
    const missing = [...onDisk].filter((m) => !declared.includes(m)).sort();
    expect(missing).toEqual([]);
    expect(declared.filter((d) => !onDisk.has(d)).sort()).toEqual([]);
  });

  it("each declaration's access rule is the route's: public answers a stranger, others 401, admin 403 to staff, key 401 to staff", async () => {
    const staff = await makeStaff({ isFullAdmin: false });
    for (const { name, endpoint } of allEndpoints()) {
      if (endpoint.access === 'public') continue;
      const route = routes.find((r) => declaredPath(r) === endpoint.path)!;
      const handler = route.handlers[endpoint.method]!;
      const params = Object.fromEntries(
        route.segments.map((s) => [s, '00000000-0000-4000-8000-000000000000']),
      );
      const path = fillPath(route.path, params);
      const stranger = await call(handler, { method: endpoint.method, path, params });
      expect([name, stranger.status]).toEqual([name, 401]);
      const asStaff = await call(handler, { method: endpoint.method, path, params, cookie: staff.cookie });
      if (endpoint.access === 'admin') expect([name, asStaff.status]).toEqual([name, 403]);
      // Issue 34: a key route takes an API key only; a staff session is no key.
      else if (endpoint.access === 'key') expect([name, asStaff.status]).toEqual([name, 401]);
      else expect([name, asStaff.status === 401 || asStaff.status === 403]).toEqual([name, false]);
    }
  });
});

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.1, by a real validator', async () => {
    const doc = openApiDocument('https://clinic.example');
    expect(doc.openapi).toBe('3.1.0');
    const validator = new Validator();
    const result = await validator.validate(doc as unknown as Parameters<typeof validator.validate>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    // The validator is real: a document without its info and paths is refused.
    expect((await new Validator().validate({ openapi: '3.1.0', info: {} })).valid).toBe(false);
  });

  it('lists every declared endpoint with its access rule', () => {
    const doc = openApiDocument('https://clinic.example') as unknown as {
      paths: Record<string, Record<string, { 'x-access': string; security: unknown[] }>>;
    };
    for (const { endpoint } of allEndpoints()) {
      const op = doc.paths[endpoint.path]?.[endpoint.method.toLowerCase()];
      expect([endpoint.path, op?.['x-access']]).toEqual([endpoint.path, endpoint.access]);
      expect(op?.security).toEqual(
        endpoint.access === 'public'
          ? []
          : endpoint.access === 'key'
            ? [{ bearerAuth: [] }]
            : [{ session: [] }],
      );
    }
  });

  it('declares the integration API key as an HTTP bearer scheme, used by the key routes only', () => {
    const doc = openApiDocument('https://clinic.example') as unknown as {
      components: { securitySchemes: Record<string, { type: string; scheme?: string }> };
      paths: Record<string, Record<string, { security: unknown[]; responses: Record<string, unknown> }>>;
    };
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    const events = doc.paths['/api/integrations/practice-events']!.post!;
    expect(events.security).toEqual([{ bearerAuth: [] }]);
    expect(Object.keys(events.responses)).toEqual(
      expect.arrayContaining(['202', '400', '401', '413', '429']),
    );
    expect(Object.keys(events.responses)).not.toContain('403');
  });

  it('is served at GET /api/openapi.json to anyone, for the configured address', async () => {
    const res = await call(openApiRoute, { path: '/api/openapi.json' });
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    expect(Object.keys(res.body.paths)).toContain('/api/openapi.json');
    expect(res.body.servers).toEqual([{ url: expect.stringMatching(/^https?:\/\//) }]);
  });
});
