import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { endpointKey } from '@/lib/contract/client';
import * as integrations from '@/lib/contract/integrations';
import type { ApiKeyDto } from '@/lib/dto/api-keys';
import { ApiKeysCard, NewKey } from './api-keys-card';

const live: ApiKeyDto = {
  id: '0192f0e0-0000-7000-8000-000000000001',
  name: 'Zapier',
  prefix: 'rk_AbCdEfGh',
  createdBy: 'boss@clinic.test',
  createdAt: '2026-11-27T10:05:00.000Z',
  lastUsedAt: null,
  revokedAt: null,
  revokedBy: null,
};
const revoked: ApiKeyDto = {
  ...live,
  id: '0192f0e0-0000-7000-8000-000000000002',
  name: 'Old script',
  prefix: 'rk_ZzYyXxWw',
  lastUsedAt: '2026-07-01T08:30:00.000Z',
  revokedAt: '2026-11-01T09:00:00.000Z',
  revokedBy: 'boss@clinic.test',
};

function html(keys: ApiKeyDto[]) {
  const client = new QueryClient();
  client.setQueryData(endpointKey(integrations.listApiKeys), keys);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <ApiKeysCard />
    </QueryClientProvider>,
  );
}

describe('ApiKeysCard', () => {
  it('lists each key with its prefix, who made it, its last use (or Never) and whether it is revoked', () => {
    const text = html([live, revoked]);
    expect(text).toContain('Zapier');
    expect(text).toContain('rk_AbCdEfGh…');
    expect(text).toContain('Created 27/11/2026, 10:05 by boss@clinic.test');
    expect(text).toContain('Last used: Never');
    // en-GB, UK time (BST in July).
    expect(text).toContain('Last used: 01/07/2026, 09:30');
    expect(text).toContain('Revoked');
    // Revoke only for the live key.
    expect(text.match(/\(API key [^)]*\)/g)).toEqual(['(API key Zapier)']);
  });

  it('has the form to make a key', () => {
    const text = html([]);
    expect(text).toContain('Name');
    expect(text).toContain('Create key');
    expect(text).toContain('No API keys yet');
  });
});

describe('NewKey', () => {
  it('shows the key once, read-only, with Copy and the warning', () => {
    const text = renderToStaticMarkup(
      <NewKey
        created={{
          id: live.id,
          name: 'Zapier',
          key: 'rk_secret',
          prefix: 'rk_secret',
          createdAt: live.createdAt,
        }}
        onDone={() => {}}
      />,
    );
    expect(text).toContain('Copy this key now: it will not be shown again.');
    expect(text).toMatch(
      /<input[^>]*readOnly=""[^>]*value="rk_secret"|<input[^>]*value="rk_secret"[^>]*readOnly=""/i,
    );
    expect(text).toContain('Copy');
  });
});
