/**
 * Issue 33's speed: a file of 50,000 clients uploaded, previewed and run through the app's own API, as the
 * staff app does it (POST /api/imports/clients, POST /api/imports/{id}/start, GET /api/imports/{id} until it
 * is done), timed from the upload to the last row written, with the app's memory sampled meanwhile.
 */
import { sampleMemory, processTree } from './processes';

export interface ImportMeasurement {
  rows: number;
  /** The upload and its preview: the answer of POST /api/imports/clients. */
  previewSeconds: number;
  /** From the start to the import's status 'done'. */
  runSeconds: number;
  totalSeconds: number;
  added: number;
  /** The app's resident memory before the upload, and its peak until the import was done. */
  rssBeforeBytes: number;
  peakRssBytes: number;
  /** Why it did not finish, when it did not. */
  error: string | null;
}

export const IMPORT_ROWS = 50_000;
/** The goals: the whole import within a minute, the app's memory growing by at most 150 MB. */
export const IMPORT_SECONDS = 60;
export const IMPORT_GROWTH_MB = 150;

/**
 * A practice system's export as the bench's file: a header row the mapping guess recognises and one client a
 * row, each with a unique email under `prefix`, some with a mobile number and marketing consent, and a
 * patient ID, as a Dentally or EXACT export would have them.
 */
export function importCsv(rows: number, prefix: string): string {
  const lines = ['Patient ID,Forename,Surname,Email address,Mobile,Marketing consent'];
  for (let i = 0; i < rows; i++) {
    const mobile = i % 4 === 0 ? `07700 900${String(i % 1000).padStart(3, '0')}` : '';
    lines.push(
      `P${100000 + i},Bench${i},Importé${i % 97},${prefix}${i}@bench.example,${mobile},${i % 3 === 0 ? 'Yes' : 'No'}`,
    );
  }
  return lines.join('\r\n') + '\r\n';
}

export async function measureImport(opts: {
  origin: string;
  cookie: string;
  rows: number;
  prefix: string;
  rootPid: () => number | null;
  timeoutMs?: number;
}): Promise<ImportMeasurement> {
  const { origin, cookie, rows, prefix, rootPid } = opts;
  const timeoutMs = opts.timeoutMs ?? 10 * 60_000;
  const pid = rootPid();
  const rssBeforeBytes = pid === null ? 0 : processTree(pid).reduce((sum, p) => sum + p.rssBytes, 0);
  const body = new FormData();
  body.append('file', new Blob([importCsv(rows, prefix)], { type: 'text/csv' }), 'bench-patients.csv');
  const headers = { cookie, origin };
  const sampler = sampleMemory(rootPid);
  const began = performance.now();
  let previewSeconds = 0;
  let runSeconds = 0;
  let added = 0;
  let error: string | null = null;
  try {
    const uploaded = await fetch(`${origin}/api/imports/clients`, { method: 'POST', headers, body });
    const preview = (await uploaded.json()) as { id?: string; message?: string; counts?: { toAdd: number } };
    previewSeconds = (performance.now() - began) / 1000;
    if (uploaded.status !== 201 || !preview.id) {
      throw new Error(`the upload answered ${uploaded.status}: ${preview.message ?? 'no message'}`);
    }
    const startedAt = performance.now();
    const started = await fetch(`${origin}/api/imports/${preview.id}/start`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: '{}',
    });
    if (started.status !== 202) throw new Error(`the start answered ${started.status}`);
    for (;;) {
      if (performance.now() - began > timeoutMs) throw new Error(`not done after ${timeoutMs / 1000} s`);
      await new Promise((r) => setTimeout(r, 250));
      const res = await fetch(`${origin}/api/imports/${preview.id}`, { headers });
      const state = (await res.json()) as { status: string; error: string | null; counts: { added: number } };
      if (state.status === 'done') {
        added = state.counts.added;
        break;
      }
      if (state.status !== 'running')
        throw new Error(`the import ended ${state.status}: ${state.error ?? ''}`);
    }
    runSeconds = (performance.now() - startedAt) / 1000;
  } catch (e) {
    error = (e as Error).message;
  }
  const peakRssBytes = sampler.stop();
  return {
    rows,
    previewSeconds,
    runSeconds,
    totalSeconds: (performance.now() - began) / 1000,
    added,
    rssBeforeBytes,
    peakRssBytes,
    error,
  };
}
