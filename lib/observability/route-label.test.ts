import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadRouteTable, routeLabel, routeTable } from './route-label.js';

// A routes manifest as `next build` writes it (the app's own patterns and Next's regexes).
const manifest = {
  staticRoutes: [{ page: '/' }, { page: '/api/health' }, { page: '/settings' }, { page: '/api/clients' }],
  dynamicRoutes: [
    { page: '/api/card/[cardToken]', regex: '^/api/card/([^/]+?)(?:/)?$' },
    { page: '/api/clients/[id]', regex: '^/api/clients/([^/]+?)(?:/)?$' },
    { page: '/card/[cardToken]', regex: '^/card/([^/]+?)(?:/)?$' },
    {
      page: '/card/[cardToken]/manifest.webmanifest',
      regex: '^/card/([^/]+?)/manifest\\.webmanifest(?:/)?$',
    },
    { page: '/invite/[token]', regex: '^/invite/([^/]+?)(?:/)?$' },
    { page: '/unsubscribe/[token]', regex: '^/unsubscribe/([^/]+?)(?:/)?$' },
    { page: '/broken', regex: '(' },
  ],
};
const table = routeTable(manifest);
const TOKEN = 'k8Jq2v_Zr0Xy7TfLmN3pQw';

describe('routeLabel: the route pattern, never the address', () => {
  it.each([
    ['/', '/'],
    ['/api/health', '/api/health'],
    ['/settings/', '/settings'],
    ['/api/clients?search=jane%40example.com', '/api/clients'],
    [`/card/${TOKEN}`, '/card/[cardToken]'],
    [`/card/jane-smith-${TOKEN}?utm=x`, '/card/[cardToken]'],
    [`/card/${TOKEN}/manifest.webmanifest`, '/card/[cardToken]/manifest.webmanifest'],
    [`/card/${TOKEN}.rsc`, '/card/[cardToken]'],
    [`/api/card/${TOKEN}`, '/api/card/[cardToken]'],
    [`/invite/${TOKEN}`, '/invite/[token]'],
    [`/unsubscribe/${TOKEN}#x`, '/unsubscribe/[token]'],
    ['/api/clients/00000000-0000-4000-8000-000000000000', '/api/clients/[id]'],
    ['/_next/static/chunks/app.js', '/_next'],
    ['/_next/image?url=x', '/_next'],
    ['/robots.txt', '(other)'],
    [`/no-such-page/${TOKEN}`, '(other)'],
    ['/%E0%A4%A', '(other)'],
    ['*', '(other)'],
    ['', '(other)'],
  ])('%s → %s', (url, label) => {
    expect(routeLabel(table, url)).toBe(label);
  });

  it('never holds a token, whatever the address', () => {
    for (const url of [`/card/${TOKEN}`, `/x/${TOKEN}`, `/api/card/${TOKEN}?t=${TOKEN}`, `/${TOKEN}`]) {
      expect(routeLabel(table, url)).not.toContain(TOKEN);
    }
  });

  it('reads the manifest from the dist folder named, and without a build labels by the fixed rules', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'route-label-'));
    try {
      fs.mkdirSync(path.join(root, '.next-x'));
      fs.writeFileSync(path.join(root, '.next-x', 'routes-manifest.json'), JSON.stringify(manifest));
      expect(routeLabel(loadRouteTable(root, '.next-x'), `/card/${TOKEN}`)).toBe('/card/[cardToken]');
      const none = loadRouteTable(root, '.next-missing');
      expect(routeLabel(none, `/card/${TOKEN}`)).toBe('(other)');
      expect(routeLabel(none, '/_next/static/a.js')).toBe('/_next');
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
