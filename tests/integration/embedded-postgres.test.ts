import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../../scripts/lib/embedded-postgres';

async function query(url: string, sql: string) {
  const client = new pg.Client(url);
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

describe('embedded PostgreSQL', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'embedded-pg-'));
    fs.chmodSync(dir, 0o755);
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('keeps its data across a stop and a second start on the same folder', async () => {
    const options = { dataDir: path.join(dir, 'pg'), password: 'pw-1' };
    const first = await startEmbeddedPostgres(options);
    await first.createDatabase('app');
    await query(first.url('app'), "CREATE TABLE t (v text); INSERT INTO t VALUES ('kept')");
    await first.stop();

    const second = await startEmbeddedPostgres(options);
    try {
      const rows = await query(second.url('app'), 'SELECT v FROM t');
      expect(rows.rows).toEqual([{ v: 'kept' }]);
    } finally {
      await second.stop();
    }
  });

  it('recovers a server left running by an app that was killed, with a clear message', async () => {
    const dataDir = path.join(dir, 'pg');
    // A separate process starts the server and is then SIGKILLed, leaving its PostgreSQL running.
    const script = `
      const { startEmbeddedPostgres } = require(${JSON.stringify(path.resolve('scripts/lib/embedded-postgres.ts'))});
      startEmbeddedPostgres({ dataDir: ${JSON.stringify(dataDir)}, password: 'pw-2' }).then(async (db) => {
        await db.createDatabase('app');
        const pg = require('pg');
        const c = new pg.Client(db.url('app')); await c.connect();
        await c.query("CREATE TABLE t (v text); INSERT INTO t VALUES ('committed')"); await c.end();
        console.log('READY');
      });`;
    const app = spawn(process.execPath, ['--import', 'tsx', '-e', script], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve, reject) => {
      app.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('READY') && resolve());
      app.on('exit', (code) => reject(new Error(`the app exited early (${code})`)));
    });
    app.kill('SIGKILL');
    await new Promise((r) => app.once('exit', r));
    const leftover = Number(fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    expect(() => process.kill(leftover, 0)).not.toThrow(); // still running

    const messages: string[] = [];
    const db = await startEmbeddedPostgres({ dataDir, password: 'pw-2', log: (m) => messages.push(m) });
    try {
      expect(messages.join('\n')).toMatch(
        /left running on this data by an earlier run; stopping it cleanly first/,
      );
      expect(() => process.kill(leftover, 0)).toThrow();
      expect((await query(db.url('app'), 'SELECT v FROM t')).rows).toEqual([{ v: 'committed' }]);
    } finally {
      await db.stop();
    }
  });

  it('starts after a crash whose stale lock file names an unrelated process, leaving that process alone', async () => {
    const dataDir = path.join(dir, 'pg');
    const first = await startEmbeddedPostgres({ dataDir, password: 'pw-3' });
    await first.createDatabase('app');
    await query(first.url('app'), "CREATE TABLE t (v text); INSERT INTO t VALUES ('kept')");
    await first.stop();
    // As after a reboot: the lock file of a server that died names a pid that is now another process.
    const other = spawn('sleep', ['60'], { stdio: 'ignore' });
    try {
      fs.writeFileSync(path.join(dataDir, 'postmaster.pid'), `${other.pid}\n${dataDir}\n`);
      const messages: string[] = [];
      const db = await startEmbeddedPostgres({ dataDir, password: 'pw-3', log: (m) => messages.push(m) });
      try {
        expect(messages.join('\n')).toMatch(/was not shut down cleanly last time/);
        expect(messages.join('\n')).not.toMatch(/left running/);
        expect(() => process.kill(other.pid!, 0)).not.toThrow(); // untouched
        expect((await query(db.url('app'), 'SELECT v FROM t')).rows).toEqual([{ v: 'kept' }]);
      } finally {
        await db.stop();
      }
    } finally {
      other.kill('SIGKILL');
    }
  });

  it('explains a data folder that holds something else instead of crashing', async () => {
    const dataDir = path.join(dir, 'pg');
    fs.mkdirSync(dataDir);
    fs.writeFileSync(path.join(dataDir, 'holiday-photos.jpg'), 'not a database');
    await expect(startEmbeddedPostgres({ dataDir, password: 'x' })).rejects.toThrow(
      /holds no PostgreSQL cluster/,
    );
  });
});
