/**
 * The keys file (`npm run backup -- --keys FILE`): the encryption key of bank details and the session secret,
 * which an ordinary backup never holds. Written as lines for `.env`, mode 600, never over an existing file.
 */
import fs from 'node:fs';
import { BackupError } from './format';

export interface Keys {
  encryptionKey: string;
  sessionSecret: string;
}

export function keysFileText(keys: Keys, now = new Date()): string {
  return [
    `# Smile Referrals keys, written ${now.toISOString()}.`,
    '# Keep this file apart from the backups (a password manager, say): with a backup it opens the bank details.',
    "# To use it after a restore on another machine, put these two lines into that machine's .env (or its",
    '# environment) before `npm start`.',
    `ENCRYPTION_KEY=${keys.encryptionKey}`,
    `NEXTAUTH_SECRET=${keys.sessionSecret}`,
    '',
  ].join('\n');
}

export async function writeKeysFile(file: string, keys: Keys, now = new Date()): Promise<void> {
  try {
    await fs.promises.writeFile(file, keysFileText(keys, now), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
      throw new BackupError(
        'write-failed',
        `${file} already exists; the keys file is never written over. Choose a new name.`,
      );
    }
    throw error;
  }
  await fs.promises.chmod(file, 0o600);
}
