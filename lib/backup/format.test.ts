import { backupFileName, BACKUP_FILE_PATTERN, fileTime, parseBackupFileName } from './format';

describe('backup file names', () => {
  const createdAt = new Date('2026-11-27T02:30:15.678Z');

  it('carry the UTC time, the app version and the last migration, and read back', () => {
    const name = backupFileName({
      createdAt,
      appVersion: '0.1.0',
      lastMigration: '20261127021047_staff_accounts_second_factor',
      encrypted: false,
    });
    expect(name).toBe(
      'smile-referrals-2026-11-27T023015Z-v0.1.0-20261127021047_staff_accounts_second_factor.backup',
    );
    expect(parseBackupFileName(name)).toEqual({
      createdAt: new Date('2026-11-27T02:30:15Z'),
      appVersion: '0.1.0',
      lastMigration: '20261127021047_staff_accounts_second_factor',
      encrypted: false,
    });
  });

  it('say when the file is encrypted, and keep a second file of the same second apart', () => {
    const name = backupFileName({ createdAt, appVersion: '1.2.3-beta', lastMigration: 'x', encrypted: true });
    expect(name).toBe('smile-referrals-2026-11-27T023015Z-v1.2.3_beta-x.backup.enc');
    expect(parseBackupFileName(name)?.encrypted).toBe(true);
    expect(parseBackupFileName('smile-referrals-2026-11-27T023015Z-v0.1.0-m_1-2.backup')?.lastMigration).toBe(
      'm_1',
    );
  });

  it('match nothing else', () => {
    for (const other of [
      'smile-referrals-2026-11-27T023015Z-v0.1.0-m.backup.partial',
      'other-app-2026-11-27T023015Z-v0.1.0-m.backup',
      'smile-referrals-keys.txt',
      'smile-referrals-2026-11-27-v0.1.0-m.backup',
    ]) {
      expect(BACKUP_FILE_PATTERN.test(other)).toBe(false);
      expect(parseBackupFileName(other)).toBeNull();
    }
  });

  it('time is sortable and has no colon', () => {
    expect(fileTime(new Date('2026-01-02T03:04:05Z'))).toBe('2026-01-02T030405Z');
  });
});
