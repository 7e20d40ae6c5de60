import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { GET as getCard } from '@/app/api/card/[cardToken]/route';
import { GET as getPass } from '@/app/api/users/card/[cardNumber]/pass/route';
import { GET as getQr } from '@/app/api/users/card/[cardNumber]/qr/route';
import { GET as getReferrer } from '@/app/api/users/card/[cardNumber]/route';
import { NextRequest } from 'next/server';
import { db } from '@/lib/db';
import { setUpTestDatabase } from '../support/db';
import { call, ORIGIN } from '../support/http';

setUpTestDatabase();

let client: { id: string; inviteToken: string; brandedSlug: string | null; cardNumber: string };
beforeAll(async () => {
  client = await db.client.create({
    data: {
      firstName: 'Jane',
      lastName: 'Smith',
      email: 'jane@example.com',
      cardNumber: 'SC-ABCD-EFGH-JKLM',
      inviteToken: 'tok_abcdefghijklmnopqrstuv',
      brandedSlug: 'JaneSmith',
      sortCodeEnc: 'v1.secret',
      accountNumberEnc: 'v1.secret',
    },
  });
});

describe('GET /api/card/{cardToken} (public)', () => {
  it('shows the cardholder and card number, and nothing else, for the invite token or the branded slug', async () => {
    for (const cardToken of [client.inviteToken, 'JaneSmith']) {
      const res = await call(getCard, { params: { cardToken } });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ firstName: 'Jane', lastName: 'Smith', cardNumber: 'SC-ABCD-EFGH-JKLM' });
    }
  });

  it.each(['unknown-token', 'janesmith', "x' OR '1'='1", 'a'.repeat(300)])(
    'answers 404 for %p',
    async (cardToken) => {
      const res = await call(getCard, { params: { cardToken } });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Referral Reward Card Not Found');
    },
  );
});

describe('GET /api/users/card/{cardNumber} (public referrer lookup)', () => {
  it('gives the first and last name only, for any case', async () => {
    const res = await call(getReferrer, { params: { cardNumber: 'sc-abcd-efgh-jklm' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ firstName: 'Jane', lastName: 'Smith' });
  });

  it('answers 404 for an unknown or malformed card number', async () => {
    expect((await call(getReferrer, { params: { cardNumber: 'SC-ZZZZ-ZZZZ-ZZZZ' } })).status).toBe(404);
    expect((await call(getReferrer, { params: { cardNumber: 'nonsense' } })).status).toBe(404);
  });
});

describe('GET /api/users/card/{cardNumber}/qr', () => {
  const decode = (png: Buffer) => {
    const image = PNG.sync.read(png);
    return {
      width: image.width,
      text: jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data,
    };
  };
  const getPng = async (query: string) => {
    const req = new NextRequest(new URL(`/api/users/card/SC-ABCD-EFGH-JKLM/qr${query}`, ORIGIN));
    const res = await getQr(req, { params: Promise.resolve({ cardNumber: 'SC-ABCD-EFGH-JKLM' }) });
    return { res, png: Buffer.from(await res.arrayBuffer()) };
  };

  it('is a 200 px PNG (300 px for download) that decodes to the recommendation link', async () => {
    const shown = await getPng('');
    expect(shown.res.headers.get('content-type')).toBe('image/png');
    expect(decode(shown.png)).toEqual({
      width: 200,
      text: `${ORIGIN}/recommendation-details?ref=SC-ABCD-EFGH-JKLM`,
    });
    const download = await getPng('?size=300');
    expect(decode(download.png).width).toBe(300);
  });

  it('answers 400 for another size and 404 for an unknown card', async () => {
    expect((await getPng('?size=5000')).res.status).toBe(400);
    const res = await call(getQr, { params: { cardNumber: 'SC-ZZZZ-ZZZZ-ZZZZ' } });
    expect(res.status).toBe(404);
  });
});

describe('GET /api/users/card/{cardNumber}/pass (Apple Wallet)', () => {
  const saved = { ...process.env };
  afterEach(() => {
    for (const key of Object.keys(process.env)) if (key.startsWith('WALLET_')) delete process.env[key];
    Object.assign(process.env, saved);
  });

  it('answers 503 with a message while the clinic has no wallet certificates', async () => {
    const res = await call(getPass, { params: { cardNumber: client.cardNumber } });
    expect(res.status).toBe(503);
    expect(res.body.message).toBe('Apple Wallet passes are not set up for this clinic yet.');
  });

  it('signs a .pkpass holding pass.json, manifest.json and signature with the configured certificates', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-'));
    const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
    // A throwaway CA standing in for Apple's WWDR, and a pass certificate signed by it.
    openssl(
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      'ca.key',
      '-out',
      'wwdr.pem',
      '-days',
      '1',
      '-subj',
      '/CN=Test WWDR',
    );
    openssl(
      'req',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      'signer.key',
      '-out',
      'signer.csr',
      '-subj',
      '/CN=Pass Type ID: pass.test.smile',
    );
    openssl(
      'x509',
      '-req',
      '-in',
      'signer.csr',
      '-CA',
      'wwdr.pem',
      '-CAkey',
      'ca.key',
      '-CAcreateserial',
      '-out',
      'signer.pem',
      '-days',
      '1',
    );
    Object.assign(process.env, {
      WALLET_PASS_TYPE_ID: 'pass.test.smile',
      WALLET_TEAM_ID: 'TEAM123456',
      WALLET_SIGNER_CERT: path.join(dir, 'signer.pem'),
      WALLET_SIGNER_KEY: path.join(dir, 'signer.key'),
      WALLET_WWDR_CERT: path.join(dir, 'wwdr.pem'),
    });
    try {
      const req = new NextRequest(new URL(`/api/users/card/${client.cardNumber}/pass`, ORIGIN));
      const res = await getPass(req, { params: Promise.resolve({ cardNumber: client.cardNumber }) });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/vnd.apple.pkpass');
      const zip = Buffer.from(await res.arrayBuffer());
      fs.writeFileSync(path.join(dir, 'card.pkpass'), zip);
      const listing = execFileSync('python3', [
        '-c',
        'import sys,zipfile; print("\\n".join(zipfile.ZipFile(sys.argv[1]).namelist()))',
        path.join(dir, 'card.pkpass'),
      ]).toString();
      expect(listing.split('\n')).toEqual(
        expect.arrayContaining(['pass.json', 'manifest.json', 'signature', 'icon.png']),
      );
      const passJson = JSON.parse(
        execFileSync('python3', [
          '-c',
          'import sys,zipfile; sys.stdout.write(zipfile.ZipFile(sys.argv[1]).read("pass.json").decode())',
          path.join(dir, 'card.pkpass'),
        ]).toString(),
      );
      expect(passJson).toMatchObject({
        serialNumber: client.cardNumber,
        passTypeIdentifier: 'pass.test.smile',
      });
      expect(JSON.stringify(passJson)).toContain('Jane Smith');
      expect(JSON.stringify(passJson)).toContain(`${ORIGIN}/recommendation-details?ref=${client.cardNumber}`);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
