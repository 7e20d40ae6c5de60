/**
 * `npm run user:unlock -- --email jo@clinic.co.uk [--new-password | --password '...'] [--address 203.0.113.9]`
 * Unlocks a staff account locked by wrong passwords, from every address, and can set a new password: the way
 * back in when nobody can reach Settings (see --help).
 */
import { runAccountCommand, strings } from './lib/account-command';
import { log } from './lib/runtime';
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

runAccountCommand({
  usage: USAGE,
  options: { address: { type: 'string', multiple: true } },
  async run(prisma, { email, password, values }) {
    const result = await unlockStaffAccount(prisma, { email, password, addresses: strings(values.address) });
    log(
      `Unlocked ${result.isFullAdmin ? 'full-admin' : 'staff'} account ${result.email} ` +
        `(${result.forgotten} counted failure${result.forgotten === 1 ? '' : 's'} forgotten).`,
    );
    if (result.passwordSet) log('  Its password is changed and every session it had has ended.');
  },
});
