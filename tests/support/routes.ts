/**
 * Every route handler under app/api, found on disk (app/api/**\/route.ts) and imported, so that a test can
 * hold each one to account: a route added later without an expectation makes such a test fail.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { NextRequest } from 'next/server';

export const HTTP_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export type AnyRouteHandler = (
  req: NextRequest,
  ctx: { params: Promise<Record<string, string>> },
) => Promise<Response>;

export interface DiscoveredRoute {
  /** The address as written in the folder names, e.g. /api/referrals/[id]/payment. */
  path: string;
  file: string;
  /** The dynamic segments' names, e.g. ['id'] or ['cardNumber']. */
  segments: string[];
  handlers: Partial<Record<HttpMethod, AnyRouteHandler>>;
}

const API_DIR = path.join(process.cwd(), 'app', 'api');

function routeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return /^route\.(ts|tsx|js|mjs)$/.test(entry.name) ? [full] : [];
  });
}

/** Route groups such as (staff) are not part of the address. */
function addressOf(file: string): string {
  const rel = path.relative(path.join(process.cwd(), 'app'), path.dirname(file));
  return `/${rel
    .split(path.sep)
    .filter((part) => !/^\(.*\)$/.test(part))
    .join('/')}`;
}

export async function discoverRoutes(): Promise<DiscoveredRoute[]> {
  const found: DiscoveredRoute[] = [];
  for (const file of routeFiles(API_DIR).sort()) {
    const mod = (await import(file)) as Record<string, unknown>;
    const handlers: DiscoveredRoute['handlers'] = {};
    for (const method of HTTP_METHODS) {
      const exported = mod[method];
      if (typeof exported === 'function') {
        // Some handlers (health) are plain functions that may answer synchronously.
        const fn = exported as (...args: unknown[]) => Response | Promise<Response>;
        handlers[method] = async (req, ctx) => fn(req, ctx);
      }
    }
    const routePath = addressOf(file);
    found.push({
      path: routePath,
      file,
      segments: [...routePath.matchAll(/\[(\.\.\.)?([^\]]+)\]/g)].map((m) => m[2]!),
      handlers,
    });
  }
  return found;
}

/** The address with its dynamic segments filled in, e.g. /api/clients/123. */
export function fillPath(routePath: string, params: Record<string, string> = {}): string {
  return routePath.replace(/\[(?:\.\.\.)?([^\]]+)\]/g, (_, name: string) =>
    encodeURIComponent(params[name] ?? name),
  );
}
