// @ts-check
// The route label of a request, for the metrics and the access log (issue 32 point 4): the route's pattern as
// the build knows it (/card/[cardToken], /api/clients/[id]), never the address itself. The number of labels is
// bounded by the app's routes, and no card, invitation, reset or unsubscribe token ever lands in a label or a
// log line. Plain CommonJS: scripts/server.js requires it before Next has loaded.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- CommonJS: scripts/server.js loads it unbuilt
const fs = require('node:fs');
// eslint-disable-next-line @typescript-eslint/no-require-imports -- CommonJS: scripts/server.js loads it unbuilt
const path = require('node:path');

/** Next's own files (/_next/static/…, /_next/image). */
const NEXT_FILES = '/_next';
/** Anything the build does not name: files in public/, made-up addresses (404s), bad paths. */
const OTHER = '(other)';

/**
 * @typedef {{ exact: Map<string, string>, dynamic: { page: string, regex: RegExp }[] }} RouteTable
 */

/**
 * The routes of a build, from the routes manifest Next writes into its dist folder.
 * @param {{ staticRoutes?: { page: string }[], dynamicRoutes?: { page: string, regex: string }[] }} manifest
 * @returns {RouteTable}
 */
function routeTable(manifest) {
  const exact = new Map();
  for (const route of manifest.staticRoutes ?? []) exact.set(route.page, route.page);
  const dynamic = [];
  for (const route of manifest.dynamicRoutes ?? []) {
    try {
      dynamic.push({ page: route.page, regex: new RegExp(route.regex) });
    } catch {
      // A pattern this Node cannot compile: that route is labelled (other).
    }
  }
  return { exact, dynamic };
}

/**
 * Reads `<dist>/routes-manifest.json` (NEXT_DIST_DIR, as next.config.js, default .next). Without a build (a
 * test), an empty table: every request is labelled by the fixed rules alone.
 * @param {string} projectRoot
 * @param {string} [distDir]
 * @returns {RouteTable}
 */
function loadRouteTable(projectRoot, distDir = process.env.NEXT_DIST_DIR || '.next') {
  try {
    const file = path.join(path.resolve(projectRoot, distDir), 'routes-manifest.json');
    return routeTable(JSON.parse(fs.readFileSync(file, 'utf8')));
  } catch {
    return { exact: new Map(), dynamic: [] };
  }
}

/**
 * The label for a request's URL: the path alone (the query string is dropped), matched against the build's
 * routes. Next's files are one label; what matches no route is `(other)`.
 * @param {RouteTable} table
 * @param {string | undefined} url req.url: a path and maybe a query string
 * @returns {string}
 */
function routeLabel(table, url) {
  const raw = (url ?? '').split(/[?#]/, 1)[0] ?? '';
  if (!raw.startsWith('/')) return OTHER;
  if (raw === NEXT_FILES || raw.startsWith(`${NEXT_FILES}/`)) return NEXT_FILES;
  let pathname = raw;
  try {
    pathname = decodeURI(raw);
  } catch {
    return OTHER;
  }
  // A page's data for the browser's router (page.rsc) is counted with the page.
  pathname = pathname.replace(/\.rsc$/, '');
  if (pathname.length > 1) pathname = pathname.replace(/\/+$/, '');
  const exact = table.exact.get(pathname);
  if (exact) return exact;
  for (const route of table.dynamic) if (route.regex.test(pathname)) return route.page;
  return OTHER;
}

module.exports = { OTHER, NEXT_FILES, loadRouteTable, routeLabel, routeTable };
