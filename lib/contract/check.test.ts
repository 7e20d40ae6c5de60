import { z } from 'zod';
import { answerDrift } from './check';
import { endpoint, pathOf, queryStringOf, urlOf } from './endpoint';

const item = z.object({ id: z.string(), amount: z.number(), note: z.string().nullable().optional() });

describe('answerDrift: an answer held to its declared schema', () => {
  it('passes an answer that is what the schema declares', () => {
    expect(answerDrift(item, { id: 'a', amount: 5, note: null })).toBeNull();
    expect(answerDrift(item, [{ id: 'a', amount: 5 }], true)).toBeNull();
  });

  it('names a field of the wrong type, and a missing one', () => {
    expect(answerDrift(item, { id: 'a', amount: '5' })).toMatch(/amount/);
    expect(answerDrift(item, { amount: 5 })).toMatch(/id/);
  });

  it('names a field the schema does not declare (which a plain parse would drop silently)', () => {
    expect(answerDrift(item, { id: 'a', amount: 5, accountNumber: '12345678' })).toBe(
      'undeclared in its schema: accountNumber',
    );
    expect(
      answerDrift(
        item,
        [
          { id: 'a', amount: 5 },
          { id: 'b', amount: 1, extra: true },
        ],
        true,
      ),
    ).toBe('undeclared in its schema: [1].extra');
  });

  it('reads the answer as JSON sends it: a Date is its ISO text, undefined fields are absent', () => {
    const dated = z.object({ at: z.iso.datetime(), gone: z.string().optional() });
    expect(answerDrift(dated, { at: new Date('2026-11-26T10:00:00Z'), gone: undefined })).toBeNull();
  });
});

describe('addresses from a declaration', () => {
  const one = endpoint({
    method: 'GET',
    path: '/api/clients/{id}',
    access: 'staff',
    tag: 'Clients',
    summary: 'One client.',
    params: z.object({ id: z.string() }),
    query: z.object({ referrals: z.boolean().optional() }),
  });

  it('fills route parameters, URL-encoded, and refuses a missing one', () => {
    expect(pathOf('/api/clients/{id}/export', { id: 'a b/c' })).toBe('/api/clients/a%20b%2Fc/export');
    expect(() => pathOf('/api/clients/{id}', {})).toThrow('no value for {id}');
  });

  it('writes a query string without empty values', () => {
    expect(queryStringOf({ q: 'amy pond', limit: 50, cursor: null, dir: undefined, blank: '' })).toBe(
      '?q=amy+pond&limit=50',
    );
    expect(queryStringOf({})).toBe('');
    expect(urlOf(one, { params: { id: 'x' }, query: { referrals: false } })).toBe(
      '/api/clients/x?referrals=false',
    );
  });
});
