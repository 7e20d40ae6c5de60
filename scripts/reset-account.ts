/**
 * `npm run user:reset-factors -- --email jo@clinic.co.uk [--new-password | --password '...']`
 * Removes every second factor of a staff account (authenticator app, passkeys, recovery codes), ends its
 * sessions and unlocks it: the way back for someone who lost their phone and their codes (see --help).
 */
import { runAccountCommand } from './lib/account-command';
import { describeReset, resetAccountFactors } from './lib/reset-factors';
import { log } from './lib/runtime';

const USAGE = `Usage: npm run user:reset-factors -- --email <email> [--new-password | --password <password>]

For a staff member who lost every second factor (their phone with the authenticator app, their passkeys and
their recovery codes): removes the account's authenticator app, passkeys and recovery codes, ends every session
it has, and unlocks it (forgets its wrong passwords), so that it can sign in with its password alone and set up
a new second factor in Settings -> Security. Written to the account audit as done by 'the server (command line)'.
Run it on the server, where only the clinic's operator can: there is no way to do this from a web page.
Works on the database DATABASE_URL names, or the embedded one in DATA_DIR (stop the app first: the embedded
database serves one process at a time).

  --email <email>        the account (required)
  --new-password         also set a new, generated password, printed once
  --password <password>  also set this password (at least 8 characters)
  --help                 show this text

Check who is asking before you run it: anyone who can sign in with the password afterwards owns the account.`;

runAccountCommand({
  usage: USAGE,
  async run(prisma, { email, password }) {
    const result = await resetAccountFactors(prisma, { email, password });
    log(
      `Reset the second factors of ${result.isFullAdmin ? 'full-admin' : 'staff'} account ${result.email}.`,
    );
    log(`  ${describeReset(result)}.`);
    log('  It signs in with its password alone now; set up a new second factor in Settings → Security.');
  },
});
