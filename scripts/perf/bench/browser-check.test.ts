import { firstLoadMakeup, type PageCheck } from './browser-check';

const page = (name: string, sizes: [string, number][]): PageCheck => ({
  name,
  label: name,
  path: `/${name}`,
  status: 200,
  requests: sizes.length,
  foreignRequests: [],
  scripts: sizes.length,
  jsBytes: 0,
  jsGzipBytes: sizes.reduce((n, [, b]) => n + b, 0),
  scriptSizes: sizes.map(([file, gzipBytes]) => ({ file, gzipBytes })),
});

describe('firstLoadMakeup (what each public page’s first-load JS is made of)', () => {
  it('splits each page into the scripts every page loads and its own', () => {
    const makeup = firstLoadMakeup([
      page('card', [
        ['react.js', 70 * 1024],
        ['next.js', 40 * 1024],
        ['card.js', 8 * 1024],
      ]),
      page('form', [
        ['react.js', 70 * 1024],
        ['next.js', 40 * 1024],
        ['form.js', 12 * 1024],
        ['form-2.js', 1024],
      ]),
    ]);
    expect(makeup.get('card')).toBe(
      "110.0 KB shared by every public page (React DOM, Next's runtime) + 8.0 KB its own (card.js 8.0 KB)",
    );
    expect(makeup.get('form')).toBe(
      "110.0 KB shared by every public page (React DOM, Next's runtime) + 13.0 KB its own (form.js 12.0 KB, form-2.js 1.0 KB)",
    );
  });

  it('leaves out a page that could not be measured', () => {
    const failed = { ...page('review', []), scriptSizes: undefined, error: 'timeout' };
    expect(firstLoadMakeup([page('card', [['a.js', 1024]]), failed]).has('review')).toBe(false);
  });
});
