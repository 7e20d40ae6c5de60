/**
 * What every attack of `npm run security` shares: one request from a loopback address of the attack's own (so each
 * attack uses up only its own limits), a made-up forwarded address, the tally of statuses, and the list of checks
 * that the run prints. An attack is a module in ./attacks with `export default async function attack(ctx)` and,
 * when the app must start with settings of its own, `export const env`.
 */
import http from 'node:http';
import type { ChaosApp } from '../chaos/app';
import type { Session } from '../chaos/http';

export const log = (message: string) => console.log(`[security] ${message}`);

/** The limits every run starts the app with (small, so each attack is over in seconds). */
export const LIMITS = {
  LEAD_RATE_LIMIT_PER_HOUR: 10,
  CARD_LOOKUP_FAILURES_PER_HOUR: 30,
};

export interface CreatedClient {
  firstName: string;
  lastName: string;
  cardNumber: string;
  webUrl: string;
  brandedUrl: string;
}

export interface AttackContext {
  /** The app's address, e.g. http://127.0.0.1:3320. */
  base: string;
  /** A full admin's credentials, and a session signed in with them. */
  admin: { email: string; password: string };
  adminSession: Session;
  /** Two real clients (Jane Smith and John Brown) made through the API before the attacks. */
  clients: CreatedClient[];
  /** The running app (its process group, its log). */
  app: ChaosApp;
}

export type Attack = (ctx: AttackContext) => Promise<void>;

export interface Check {
  name: string;
  held: boolean;
  detail: string;
}

export const checks: Check[] = [];
export function check(name: string, held: boolean, detail: string): void {
  checks.push({ name, held, detail });
  log(`${held ? 'HELD  ' : 'FAILED'} ${name}: ${detail}`);
}

/** A made-up address, different every call: what an attacker puts in the forwarded headers. */
export function spoofedAddress(i: number): string {
  return `203.0.${Math.floor(i / 250) % 250}.${(i % 250) + 1}`;
}

/**
 * One request from a loopback address of the run's choosing (all of 127.0.0.0/8 is this machine), so each attack
 * is one real caller of its own and uses up only its own limits; no redirect is followed.
 */
export function request(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: unknown; from?: string } = {},
): Promise<{ status: number; text: string; headers: http.IncomingHttpHeaders }> {
  const target = new URL(url);
  const method = init.method ?? 'GET';
  const body = init.body === undefined ? undefined : JSON.stringify(init.body);
  const headers: Record<string, string> = { ...init.headers };
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    headers['Content-Length'] = String(Buffer.byteLength(body));
  }
  if (method !== 'GET') headers.Origin ??= target.origin;
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: target.hostname,
        port: Number(target.port),
        path: target.pathname + target.search,
        method,
        headers,
        localAddress: init.from ?? '127.0.0.1',
        agent: false,
        timeout: 20_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            text: Buffer.concat(chunks).toString(),
            headers: res.headers,
          }),
        );
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${method} ${url} timed out`)));
    req.on('error', reject);
    req.end(body);
  });
}

/** A loopback address for one attack (see request). */
export function attacker(): string {
  return `127.${20 + Math.floor(Math.random() * 200)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
}

export function tally(statuses: number[]): string {
  const counts = new Map<number, number>();
  for (const s of statuses) counts.set(s, (counts.get(s) ?? 0) + 1);
  return [...counts.entries()]
    .sort(([a], [b]) => a - b)
    .map(([s, n]) => `${n} x ${s}`)
    .join(', ');
}

export const spoof = (i: number) => ({
  'X-Forwarded-For': spoofedAddress(i),
  'X-Real-IP': spoofedAddress(i),
});
