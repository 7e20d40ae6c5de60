/**
 * Wallet passes in the clinic's name (issue 16): 'Save to Google Wallet' answers a redirect to a save link whose
 * JWT is signed with the clinic's service-account key and holds a generic pass with the card's QR link, the
 * clinic's name, colour and logo; without the configuration it answers 503 and the card shows no button.
 */
import { generateKeyPairSync } from 'node:crypto';
import { decodeProtectedHeader, importSPKI, jwtVerify } from 'jose';
import { GET as googleWalletRoute } from '@/app/api/users/card/[cardNumber]/google-wallet/route';
import { db } from '@/lib/db';
import { googleWalletAvailable } from '@/lib/services/wallet';
import { setUpTestDatabase } from '../support/db';
import { fixtureClient, uniqueIp } from '../support/fixtures';
import { call } from '../support/http';

setUpTestDatabase();

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const SERVICE_ACCOUNT = {
  client_email: 'wallet@clinic-project.iam.gserviceaccount.com',
  private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
};

afterEach(() => {
  delete process.env.GOOGLE_WALLET_ISSUER_ID;
  delete process.env.GOOGLE_WALLET_SERVICE_ACCOUNT_KEY;
});

const get = (cardNumber: string) =>
  call(googleWalletRoute, {
    path: `/api/users/card/${cardNumber}/google-wallet`,
    params: { cardNumber },
    ip: uniqueIp(),
  });

describe('GET /api/users/card/{cardNumber}/google-wallet', () => {
  it('answers 503 with a clear message until the issuer and key are configured', async () => {
    const client = await fixtureClient();
    expect(googleWalletAvailable()).toBe(false);
    const res = await get(client.cardNumber);
    expect(res.status).toBe(503);
    expect(res.body.message).toBe('Google Wallet passes are not set up for this clinic yet.');
    process.env.GOOGLE_WALLET_ISSUER_ID = '3388000000012345678';
    process.env.GOOGLE_WALLET_SERVICE_ACCOUNT_KEY = '{"client_email": 42}';
    expect(googleWalletAvailable()).toBe(false);
  });

  it('redirects to a signed save link for the card, in the clinic’s name, colour and logo', async () => {
    process.env.GOOGLE_WALLET_ISSUER_ID = '3388000000012345678';
    process.env.GOOGLE_WALLET_SERVICE_ACCOUNT_KEY = JSON.stringify(SERVICE_ACCOUNT);
    await db.settings.upsert({
      where: { id: 1 },
      create: {
        id: 1,
        clinicName: 'Harbour Smile Studio',
        brandColour: '#1f4e79',
        logoHash: 'abcdefabcdefabcdefab',
      },
      update: {
        clinicName: 'Harbour Smile Studio',
        brandColour: '#1f4e79',
        logoHash: 'abcdefabcdefabcdefab',
      },
    });
    const client = await fixtureClient({ firstName: 'Ada', lastName: 'Lovelace' });
    expect(googleWalletAvailable()).toBe(true);

    const res = await get(client.cardNumber.toLowerCase());
    expect(res.status).toBe(303);
    const location = res.headers.get('location')!;
    expect(location).toMatch(/^https:\/\/pay\.google\.com\/gp\/v\/save\/[\w-]+\.[\w-]+\.[\w-]+$/);
    const jwt = location.split('/').pop()!;
    expect(decodeProtectedHeader(jwt)).toMatchObject({ alg: 'RS256', typ: 'JWT' });

    const key = await importSPKI(publicKey.export({ type: 'spki', format: 'pem' }).toString(), 'RS256');
    const { payload } = await jwtVerify(jwt, key, {
      issuer: SERVICE_ACCOUNT.client_email,
      audience: 'google',
    });
    expect(payload).toMatchObject({ typ: 'savetowallet', origins: [expect.stringMatching(/^https?:\/\//)] });
    const pass = (payload.payload as { genericObjects: Record<string, any>[] }).genericObjects[0]!; // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(pass).toMatchObject({
      id: `3388000000012345678.${client.cardNumber}`,
      classId: '3388000000012345678.smile_referrals_reward_card',
      hexBackgroundColor: '#1f4e79',
      cardTitle: { defaultValue: { language: 'en-GB', value: 'Harbour Smile Studio Reward Card' } },
      header: { defaultValue: { value: 'Ada Lovelace' } },
      barcode: { type: 'QR_CODE', alternateText: client.cardNumber },
    });
    expect(pass.barcode.value).toMatch(new RegExp(`/recommendation-details\\?ref=${client.cardNumber}$`));
    expect(pass.logo.sourceUri.uri).toMatch(/\/clinic-logo\/abcdefabcdefabcdefab\.png$/);
  });

  it('counts a card number that finds nothing like every public card lookup (404)', async () => {
    process.env.GOOGLE_WALLET_ISSUER_ID = '3388000000012345678';
    process.env.GOOGLE_WALLET_SERVICE_ACCOUNT_KEY = JSON.stringify(SERVICE_ACCOUNT);
    const res = await get('SC-ZZZZ-ZZZZ-ZZZZ');
    expect(res.status).toBe(404);
  });
});
