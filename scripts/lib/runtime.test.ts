import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureSecrets } from './runtime';

describe('ensureSecrets', () => {
  const saved = { ...process.env };
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'secrets-'));
    process.env.DATA_DIR = dir;
    delete process.env.NEXTAUTH_SECRET;
    delete process.env.ENCRYPTION_KEY;
  });
  afterEach(() => {
    process.env = { ...saved };
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('generates the secrets once into DATA_DIR (mode 600) and reuses them on the next start', () => {
    const first = ensureSecrets();
    expect(Buffer.from(first.encryptionKey, 'base64')).toHaveLength(32);
    expect(process.env.NEXTAUTH_SECRET).toBe(first.sessionSecret);
    const file = path.join(dir, 'secrets.json');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);

    delete process.env.NEXTAUTH_SECRET;
    delete process.env.ENCRYPTION_KEY;
    expect(ensureSecrets()).toEqual(first);
  });

  it('lets the environment win over the generated secrets', () => {
    process.env.NEXTAUTH_SECRET = 'from-the-environment';
    ensureSecrets();
    expect(process.env.NEXTAUTH_SECRET).toBe('from-the-environment');
  });
});
