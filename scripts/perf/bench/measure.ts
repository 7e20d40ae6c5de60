/**
 * One target under load: autocannon at N connections, a warm-up whose figures are thrown away, then the
 * measured run, with the server's memory sampled throughout. Every target, ceilings included, is measured by
 * this same function, so their ratios compare like with like.
 */
import http from 'node:http';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { cpuSnapshot, otherCores } from './processes';

export interface LoadRequest {
  path: string;
  body?: string;
}

export interface LoadSpec {
  origin: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  /** The n-th request (a counter shared by every connection, warm-up included). */
  request: (n: number) => LoadRequest;
  /** Told the status of the n-th request's answer (the lead check keeps the acknowledged emails). */
  onResponse?: (n: number, status: number) => void;
  /** The status that counts as success (default: any 2xx). */
  expectStatus?: number;
}

export interface LoadSettings {
  connections: number;
  duration: number;
  warmup: number;
  timeout: number;
}

export interface Measurement {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  /** Answers with another status than expected. */
  badStatus: number;
  /** Connection errors and timeouts (autocannon counts timeouts among its errors). */
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  /** Mean bytes received per answer (headers and body, uncompressed: autocannon asks for no encoding). */
  bytesPerResponse: number;
  /** Peak summed RSS of the measured server's process tree during the measured run, in bytes. */
  peakRssBytes: number | null;
  /** Cores used by processes outside the bench meanwhile: noise in this measurement. */
  otherCpuCores: number;
}

interface Context {
  n?: number;
}

function run(spec: LoadSpec, settings: LoadSettings, seconds: number, counter: { n: number }) {
  return autocannon({
    url: spec.origin,
    method: spec.method,
    headers: spec.headers,
    connections: settings.connections,
    duration: seconds,
    timeout: settings.timeout,
    requests: [
      {
        setupRequest: (req: autocannon.Request, context: object) => {
          const n = counter.n++;
          (context as Context).n = n;
          const next = spec.request(n);
          return { ...req, path: next.path, ...(next.body !== undefined ? { body: next.body } : {}) };
        },
        onResponse: (status: number, _body: string, context: object) => {
          const n = (context as Context).n;
          if (n !== undefined) spec.onResponse?.(n, status);
        },
      },
    ],
  });
}

export async function measure(
  spec: LoadSpec,
  settings: LoadSettings,
  memory: () => { stop(): number } | null,
  counter = { n: 0 },
): Promise<Measurement> {
  if (settings.warmup > 0) await run(spec, settings, settings.warmup, counter);
  const sampler = memory();
  const before = cpuSnapshot();
  const result = await run(spec, settings, settings.duration, counter);
  const otherCpuCores = otherCores(before, cpuSnapshot());
  const peakRssBytes = sampler ? sampler.stop() : null;

  const statusCodes: Record<string, number> = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {}))
    statusCodes[code] = stat.count ?? 0;
  const answered = Object.values(statusCodes).reduce((a, b) => a + b, 0);
  const good =
    spec.expectStatus !== undefined ? (statusCodes[String(spec.expectStatus)] ?? 0) : result['2xx'];
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: answered,
    badStatus: answered - good,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
    bytesPerResponse: answered ? result.throughput.total / answered : 0,
    peakRssBytes,
    otherCpuCores,
  };
}

export interface Probe {
  status: number;
  ms: number;
  headers: http.IncomingHttpHeaders;
  /** Body bytes as sent (uncompressed), and gzipped here with zlib's default level. */
  bodyBytes: number;
  gzipBytes: number;
  body: Buffer;
}

/**
 * One request before the load, to see that the route answers as expected and how big and slow one answer
 * is: a route that answers tens of megabytes or takes seconds (an API without paging, on the full data set)
 * is reported rather than put under 32 connections, which would only swamp the machine.
 */
export function probe(
  url: string,
  headers: Record<string, string>,
  timeoutMs: number,
  maxBytes = 20 * 1024 * 1024,
): Promise<Probe> {
  return new Promise((resolve, reject) => {
    const began = performance.now();
    const req = http.get(url, { headers, timeout: timeoutMs }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) {
          req.destroy(new Error(`answered more than ${Math.round(maxBytes / 1048576)} MB`));
          return;
        }
        chunks.push(chunk);
      });
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        resolve({
          status: res.statusCode ?? 0,
          ms: performance.now() - began,
          headers: res.headers,
          bodyBytes: body.length,
          gzipBytes: gzipSync(body).length,
          body,
        });
      });
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`no full answer within ${timeoutMs / 1000} s`)));
    req.on('error', reject);
  });
}
