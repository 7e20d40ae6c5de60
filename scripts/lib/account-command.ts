/**
 * The frame of the account commands run on the server (`npm run user:unlock`, `npm run user:reset-factors`):
 * --email (required), --new-password or --password (not both), --help, and the command's own options; then the
 * database (DATABASE_URL or the embedded one in DATA_DIR), a Prisma client for the work, and a generated password
 * printed once after it.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { generatePassword } from './accounts';
import { scriptClient } from './prisma';
import { log, withDatabase } from './runtime';

type ScriptClient = ReturnType<typeof scriptClient>;
type Options = NonNullable<ParseArgsConfig['options']>;
type Value = string | boolean | (string | boolean)[] | undefined;

const SHARED_OPTIONS: Options = {
  email: { type: 'string' },
  password: { type: 'string' },
  'new-password': { type: 'boolean', default: false },
  help: { type: 'boolean', default: false },
};

export interface AccountCommand {
  /** The --help text, also printed (to standard error) for arguments that do not make sense. */
  usage: string;
  /** Options of this command beside the shared ones. */
  options?: Options;
  /** The work, with the account's email and the password to set (typed or generated), if any. */
  run(
    prisma: ScriptClient,
    args: { email: string; password: string | undefined; values: Record<string, Value> },
  ): Promise<void>;
}

/** The strings of a repeatable string option (none when it was not given). */
export const strings = (value: Value): string[] =>
  (Array.isArray(value) ? value : value === undefined ? [] : [value]).filter(
    (v): v is string => typeof v === 'string',
  );

export function runAccountCommand(command: AccountCommand): void {
  const { values } = parseArgs({ options: { ...SHARED_OPTIONS, ...command.options } });
  if (values.help) {
    console.log(command.usage);
    return;
  }
  const email = values.email;
  const typed = typeof values.password === 'string' ? values.password : undefined;
  if (typeof email !== 'string' || (typed !== undefined && values['new-password'])) {
    console.error(command.usage);
    process.exitCode = 1;
    return;
  }
  void withDatabase(async (db) => {
    const generated = values['new-password'] ? generatePassword() : null;
    const prisma = scriptClient(db.url);
    try {
      await command.run(prisma, { email, password: typed ?? generated ?? undefined, values });
      if (generated) log(`  New password: ${generated}   (shown only this once)`);
    } finally {
      await prisma.$disconnect();
    }
  });
}
