/**
 * Prisma migrations without the native schema engine (which the Prisma CLI downloads, and which cannot be
 * downloaded offline). `@prisma/schema-engine-wasm` is the same engine compiled to WebAssembly: it applies the
 * `prisma/migrations` folder exactly as `prisma migrate deploy` does, recording each migration in
 * `_prisma_migrations`, so a machine with the native CLI agrees with it. Its version is pinned to the engine
 * hash of the installed `prisma` package; see the migration test, which proves both still agree.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { bindMigrationAwareSqlAdapterFactory, ColumnTypeEnum } from '@prisma/driver-adapter-utils';

const ROOT = path.resolve(__dirname, '..', '..');
export const SCHEMA_PATH = path.join(ROOT, 'prisma', 'schema.prisma');
export const MIGRATIONS_DIR = path.join(ROOT, 'prisma', 'migrations');
const NO_FILTERS = { externalTables: [], externalEnums: [] };

interface MigrationList {
  baseDir: string;
  lockfile: { path: string; content: string | null };
  shadowDbInitScript: string;
  migrationDirectories: {
    path: string;
    migrationFile: { path: string; content: { tag: 'ok'; value: string } | { tag: 'error'; value: string } };
  }[];
}

interface SchemaEngine {
  free(): void;
  applyMigrations(input: { migrationsList: MigrationList; filters: typeof NO_FILTERS }): Promise<{
    appliedMigrationNames: string[];
  }>;
  diff(input: {
    from: unknown;
    to: unknown;
    script: boolean;
    shadowDatabaseUrl: string | null;
    exitCode: boolean | null;
    filters: typeof NO_FILTERS;
  }): Promise<{ exitCode: number; stdout?: string }>;
}

interface Glue {
  __wbg_set_wasm(exports: WebAssembly.Exports): void;
  SchemaEngine: {
    new: (
      options: { datamodels: [string, string][] },
      log: (line: string) => void,
      adapter: unknown,
    ) => Promise<SchemaEngine>;
  };
}

let glue: Promise<Glue> | null = null;

/** The engine reports a Rust panic through this global before throwing; keep the message for the error. */
const panics = {
  last: '',
  set_message(message: string) {
    this.last = message;
    if (process.env.DEBUG_PANIC) console.error('PANIC', message);
  },
};
(globalThis as { PRISMA_WASM_PANIC_REGISTRY?: typeof panics }).PRISMA_WASM_PANIC_REGISTRY = panics;

function loadGlue(): Promise<Glue> {
  glue ??= (async () => {
    const gluePath = require.resolve('@prisma/schema-engine-wasm/schema_engine_bg');
    const mod = (await import(gluePath)) as Glue;
    const bytes = fs.readFileSync(path.join(path.dirname(gluePath), 'schema_engine_bg.wasm'));
    // The engine arms 10-second timers of its own; unref'd, they never keep a finished command (or a test
    // run) waiting for them.
    const imports: Record<string, unknown> = { ...mod };
    for (const [name, fn] of Object.entries(mod)) {
      if (name.startsWith('__wbg_setTimeout') && typeof fn === 'function') {
        imports[name] = (...args: unknown[]) => {
          const timer = (fn as (...a: unknown[]) => unknown)(...args);
          (timer as { unref?: () => void } | undefined)?.unref?.();
          return timer;
        };
      }
    }
    const { instance } = await WebAssembly.instantiate(bytes, {
      './schema_engine_bg.js': imports as WebAssembly.ModuleImports,
    });
    mod.__wbg_set_wasm(instance.exports);
    (instance.exports.__wbindgen_start as () => void)();
    return mod;
  })();
  return glue;
}

export function readMigrations(dir = MIGRATIONS_DIR): MigrationList {
  const names = fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { withFileTypes: true })
        .filter((d) => d.isDirectory() && fs.existsSync(path.join(dir, d.name, 'migration.sql')))
        .map((d) => d.name)
        .sort()
    : [];
  const lockPath = path.join(dir, 'migration_lock.toml');
  return {
    baseDir: dir,
    lockfile: {
      path: 'migration_lock.toml',
      content: fs.existsSync(lockPath) ? fs.readFileSync(lockPath, 'utf8') : null,
    },
    shadowDbInitScript: '',
    migrationDirectories: names.map((name) => ({
      path: name,
      migrationFile: {
        path: 'migration.sql',
        content: { tag: 'ok', value: fs.readFileSync(path.join(dir, name, 'migration.sql'), 'utf8') },
      },
    })),
  };
}

type QueryResultLike = { fields?: { dataTypeID: number }[]; rows?: unknown[] };
const PG_CHAR = 18;
const PG_TEXT = 25;
/** The result rows that held "char" columns, and which ones: rows pass through the adapter unchanged. */
const charColumns = new WeakMap<object, number[]>();

function markCharColumns<R>(result: R): R {
  const { fields, rows } = (result ?? {}) as QueryResultLike;
  const found: number[] = [];
  fields?.forEach((field, i) => {
    if (field.dataTypeID === PG_CHAR) {
      field.dataTypeID = PG_TEXT; // lets the adapter accept the row ...
      found.push(i);
    }
  });
  if (found.length && rows) charColumns.set(rows, found);
  return result;
}

/**
 * The engine reads the catalogue (pg_constraint.contype and the like), whose columns are PostgreSQL's one-byte
 * "char" type. @prisma/adapter-pg refuses that type ("Column type 'char' could not be deserialized"), so this
 * client lets it through as text and the adapter wrapper below tells the engine it is a character column.
 * Used only by the migration tooling, never by the app.
 */
class CatalogueClient extends pg.Client {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override query(...args: any[]): any {
    const last = args[args.length - 1];
    if (typeof last === 'function') {
      args[args.length - 1] = (error: unknown, result: unknown) => last(error, markCharColumns(result));
      return (super.query as (...a: unknown[]) => unknown)(...args);
    }
    const out = (super.query as (...a: unknown[]) => unknown)(...args);
    return out instanceof Promise ? out.then(markCharColumns) : out;
  }
}

type Queryable = { queryRaw(q: unknown): Promise<{ rows: unknown[]; columnTypes: number[] }> };

interface ScriptRunner {
  executeScript(script: string): Promise<void>;
  underlyingDriver(): pg.Pool | pg.Client;
}

/**
 * @prisma/adapter-pg runs a migration by splitting its text on every ';', which cuts a function body
 * ($$ ... ; ... $$) in pieces. The native engine sends the whole script in one simple query, as PostgreSQL's
 * own tools do (one implicit transaction: a migration applies whole or not at all); this does the same.
 */
function withWholeScripts<T extends ScriptRunner>(adapter: T): T {
  const onError = (adapter as unknown as { onError(error: unknown): never }).onError.bind(adapter);
  adapter.executeScript = async (script: string) => {
    try {
      await adapter.underlyingDriver().query(script);
    } catch (error) {
      onError(error);
    }
  };
  return adapter;
}

function withCharColumns<T extends Queryable>(queryable: T): T {
  const queryRaw = queryable.queryRaw.bind(queryable);
  queryable.queryRaw = async (q) => {
    const result = await queryRaw(q);
    for (const i of charColumns.get(result.rows) ?? []) result.columnTypes[i] = ColumnTypeEnum.Character;
    return result;
  };
  return queryable;
}

function catalogueAwareFactory(pool: pg.Pool) {
  const factory = new PrismaPg(pool);
  const wrap = <
    A extends Queryable & ScriptRunner & { startTransaction: (...args: never[]) => Promise<Queryable> },
  >(
    adapter: A,
  ) => {
    withWholeScripts(adapter);
    const startTransaction = adapter.startTransaction.bind(adapter);
    adapter.startTransaction = (async (...args: never[]) =>
      withCharColumns(await startTransaction(...args))) as A['startTransaction'];
    return withCharColumns(adapter);
  };
  const connect = factory.connect.bind(factory);
  const connectToShadowDb = factory.connectToShadowDb.bind(factory);
  factory.connect = async () => wrap(await connect());
  factory.connectToShadowDb = async () => wrap(await connectToShadowDb());
  return factory;
}

async function withEngine<T>(databaseUrl: string, fn: (engine: SchemaEngine) => Promise<T>): Promise<T> {
  const mod = await loadGlue();
  const pool = new pg.Pool({ connectionString: databaseUrl, Client: CatalogueClient, max: 2 });
  const factory = catalogueAwareFactory(pool);
  const schema = fs.readFileSync(SCHEMA_PATH, 'utf8');
  const engine = await mod.SchemaEngine.new(
    { datamodels: [['schema.prisma', schema]] },
    () => {},
    bindMigrationAwareSqlAdapterFactory(factory),
  );
  try {
    return await fn(engine);
  } catch (error) {
    if (panics.last) throw new Error(`Prisma's schema engine failed: ${panics.last}`, { cause: error });
    throw error;
  } finally {
    engine.free(); // releases the engine's connection, so that the pool can close
    await pool.end();
  }
}

/** Applies every migration not yet applied; returns the names it applied. Idempotent. */
export async function applyMigrations(databaseUrl: string): Promise<string[]> {
  return withEngine(databaseUrl, async (engine) => {
    const result = await engine.applyMigrations({ migrationsList: readMigrations(), filters: NO_FILTERS });
    return result.appliedMigrationNames;
  });
}

/**
 * The SQL that takes a database at the committed migrations to the current schema ('' when they agree).
 * The engine replays the migrations into `emptyDatabaseUrl` to read their result, so it must be an empty,
 * throwaway database (see withScratchDatabase).
 */
export async function pendingSchemaChange(emptyDatabaseUrl: string): Promise<string> {
  return withEngine(emptyDatabaseUrl, async (engine) => {
    const migrations = readMigrations();
    const result = await engine.diff({
      from: migrations.migrationDirectories.length ? { tag: 'migrations', ...migrations } : { tag: 'empty' },
      to: {
        tag: 'schemaDatamodel',
        files: [{ path: SCHEMA_PATH, content: fs.readFileSync(SCHEMA_PATH, 'utf8') }],
      },
      script: true,
      shadowDatabaseUrl: null,
      exitCode: null,
      filters: NO_FILTERS,
    });
    const sql = result.stdout ?? '';
    return /^\s*(--\s*This is an empty migration\.)?\s*$/.test(sql) ? '' : sql;
  });
}

/** Creates an empty database beside the one `databaseUrl` names, hands its URL to `fn`, then drops it. */
export async function withScratchDatabase<T>(
  databaseUrl: string,
  fn: (url: string) => Promise<T>,
): Promise<T> {
  const name = `scratch_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
    const url = new URL(databaseUrl);
    url.pathname = `/${name}`;
    return await fn(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => {});
    await admin.end();
  }
}
