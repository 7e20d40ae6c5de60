import { PreviewCache } from './preview-cache';

const png = (text: string) => async () => Buffer.from(text);

describe('PreviewCache', () => {
  it('draws once per key, shares a drawing in progress, and drops the least recently used', async () => {
    const cache = new PreviewCache(2);
    let draws = 0;
    const slow = () => {
      draws++;
      return new Promise<Buffer>((resolve) => setTimeout(() => resolve(Buffer.from('a')), 10));
    };
    const [a1, a2] = await Promise.all([cache.get('a', slow), cache.get('a', slow)]);
    expect(draws).toBe(1);
    expect(a1).toBe(a2);

    await cache.get('b', png('b'));
    await cache.get('a', png('never')); // a is now the most recently used
    await cache.get('c', png('c')); // so b goes
    expect(cache.size).toBe(2);
    expect(cache.renders).toBe(3);
    expect((await cache.get('a', png('again'))).toString()).toBe('a');
    expect((await cache.get('b', png('b2'))).toString()).toBe('b2');
    expect(cache.renders).toBe(4);
  });

  it('keeps no failed drawing', async () => {
    const cache = new PreviewCache(4);
    await expect(cache.get('x', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await new Promise((r) => setImmediate(r));
    expect(cache.size).toBe(0);
    expect((await cache.get('x', png('ok'))).toString()).toBe('ok');
  });
});
