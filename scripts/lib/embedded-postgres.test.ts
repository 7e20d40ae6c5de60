import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { canTraverse } from './embedded-postgres';

describe('canTraverse', () => {
  let root: string;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'traverse-'));
    fs.chmodSync(root, 0o755);
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  const stranger = { uid: 4242, gid: 4242 };

  it('lets another user through folders that everyone may enter', () => {
    fs.mkdirSync(path.join(root, 'a', 'b'), { recursive: true });
    expect(canTraverse(path.join(root, 'a', 'b'), stranger)).toBe(true);
  });

  it('stops another user at a folder only its owner may enter (a 700 home folder)', () => {
    fs.mkdirSync(path.join(root, 'home', 'checkout'), { recursive: true });
    fs.chmodSync(path.join(root, 'home'), 0o700);
    expect(canTraverse(path.join(root, 'home', 'checkout', 'node_modules'), stranger)).toBe(false);
  });

  it('judges a folder that does not exist yet by its nearest existing parent', () => {
    expect(canTraverse(path.join(root, 'not', 'yet'), stranger)).toBe(true);
    fs.chmodSync(root, 0o700);
    expect(canTraverse(path.join(root, 'not', 'yet'), stranger)).toBe(false);
  });

  it('lets the owner through their own 700 folder', () => {
    const st = fs.statSync(root);
    fs.chmodSync(root, 0o700);
    expect(canTraverse(root, { uid: st.uid, gid: st.gid })).toBe(true);
  });
});
