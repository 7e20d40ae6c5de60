/**
 * `npm run user:unlock -- --email jo@clinic.co.uk [--new-password | --password '...'] [--address 203.0.113.9]`
 * Unlocks a staff account locked by wrong passwords, from every address, and can set a new password: the way
 * back in when nobody can reach Settings (see --help).
 */
import { parseArgs } from 'node:util';
import { generatePassword } from './lib/accounts';
import { scriptClient } from './lib/prisma';
import { log, withDatabase } from './lib/runtime';
import { unlockStaffAccount } from './lib/unlock';

const USAGE = `Usage: npm run user:unlock -- --email <email> [--new-password | --password <password>] [--address <ip> ...]

Unlocks a staff account that wrong passwords have locked (5 from one address in 15 minutes), forgetting its
failed sign-ins from every address and its wrong current passwords: what a full admin's Unlock in Settings does,
for when no full admin can sign in. Works on the database DATABASE_URL names, or the embedded one in DATA_DIR
(stop the app first: the embedded database serves one process at a time).

  --email <email>        the account to unlock (required)
  --new-password         also set a new, generated password, printed once (ends every session of the account)
  --password <password>  also set this password (at least 8 characters; ends every session of the account)
  --address <ip>         also forget every failed sign-in from this address (repeatable): an address that used
                         up its 20 failures waits 15 minutes whatever the account
  --help                 show this text`;

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    password: { type: 'string' },
    'new-password': { type: 'boolean', default: false },
    address: { type: 'string', multiple: true },
    help: { type: 'boolean', default: false },
  },
});

if (values.help) {
  console.log(USAGE);
} else if (!values.email || (values.password !== undefined && values['new-password'])) {
  console.error(USAGE);
  process.exitCode = 1;
} else {
  const email = values.email;
  void withDatabase(async (db) => {
    const generated = values['new-password'] ? generatePassword() : null;
    const prisma = scriptClient(db.url);
    try {
      const result = await unlockStaffAccount(prisma, {
        email,
        password: values.password ?? generated ?? undefined,
        addresses: values.address ?? [],
      });
      log(
        `Unlocked ${result.isFullAdmin ? 'full-admin' : 'staff'} account ${result.email} ` +
          `(${result.forgotten} counted failure${result.forgotten === 1 ? '' : 's'} forgotten).`,
      );
      if (result.passwordSet) log('  Its password is changed and every session it had has ended.');
      if (generated) log(`  New password: ${generated}   (shown only this once)`);
    } finally {
      await prisma.$disconnect();
    }
  });
}
