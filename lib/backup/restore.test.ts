import { checkMigrations } from './restore';

describe('checkMigrations: a backup restores only into an app that has all its migrations, in order', () => {
  const ours = ['001_init', '002_search', '003_cards'];
  const backup = (migrations: string[]) => ({
    migrations,
    lastMigration: migrations[migrations.length - 1] ?? '',
  });

  it('accepts the same migrations, or the first ones of ours (an older backup)', () => {
    expect(() => checkMigrations(backup(ours), ours)).not.toThrow();
    expect(() => checkMigrations(backup(['001_init']), ours)).not.toThrow();
  });

  it('refuses one newer than this app, or one that went another way, saying to upgrade first', () => {
    for (const migrations of [[...ours, '004_more'], ['001_init', '002_other'], ['002_search'], []]) {
      expect(() => checkMigrations(backup(migrations), ours)).toThrow(
        expect.objectContaining({
          code: 'newer-schema',
          message: expect.stringMatching(
            /made by a newer version of Smile Referrals \(schema .*\)\. Upgrade the app first, then restore\.$/,
          ),
        }),
      );
    }
  });
});
