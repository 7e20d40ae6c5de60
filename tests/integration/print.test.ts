/**
 * Issue 29, point 13: printed QR codes. A team member's A6 counter card and A4 poster, and the referral
 * programme's A4 poster, made on the server as PDFs. Each PDF is read back as a printer would: pdf-lib opens it
 * and reads the page size, pdfjs-dist extracts its text and draws the page, and jsqr decodes the QR code from
 * the drawn page, which must hold exactly the address the app's own QR code holds.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import jsQR from 'jsqr';
import { NextRequest } from 'next/server';
import { PNG } from 'pngjs';
import sharp from 'sharp';
import { GET as posterRoute } from '@/app/api/print/referral-poster/route';
import { GET as memberPrintRoute } from '@/app/api/team-members/[id]/print/route';
import { GET as qrRoute } from '@/app/api/team-members/[id]/qr/route';
import { db } from '@/lib/db';
import { setLogo, updateSettings } from '@/lib/services/settings';
import { MEMBER_NOT_FOUND_TEXT } from '@/lib/services/team';
import { PRINT_FORMAT_TEXT } from '@/lib/validation/print';
import { setUpTestDatabase } from '../support/db';
import { fixtureMember } from '../support/fixtures';
import { makeStaff, ORIGIN, type TestStaff } from '../support/http';

setUpTestDatabase();

const A6 = { width: 297.64, height: 419.53 };
const A4 = { width: 595.28, height: 841.89 };
const CLINIC = 'Bright Smile Dental Studio';

let staff: TestStaff;

beforeAll(async () => {
  staff = await makeStaff(); // not a full admin: printing is for any staff member
  await updateSettings(
    {
      clinicName: CLINIC,
      brandColour: '#6b2a80',
      clinicPhone: '020 7946 0123',
      clinicWebsite: 'https://www.brightsmile.example.co.uk',
    },
    'print-test',
  );
  const logo = await sharp({
    create: { width: 240, height: 120, channels: 4, background: { r: 107, g: 42, b: 128, alpha: 1 } },
  })
    .png()
    .toBuffer();
  await setLogo(logo, 'print-test');
});

type Handler = (req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

/** The routes answer bytes: read them raw (the `call` helper decodes text). */
async function get(
  handler: Handler,
  path: string,
  params: Record<string, string> = {},
  cookie = staff.cookie,
) {
  const headers: Record<string, string> = { 'x-forwarded-for': '127.0.0.1' };
  if (cookie) headers.cookie = cookie;
  const res = await handler(new NextRequest(new URL(path, ORIGIN), { headers }), {
    params: Promise.resolve(params),
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  const json = res.headers.get('content-type')?.includes('json') ? JSON.parse(bytes.toString()) : null;
  return { status: res.status, headers: res.headers, bytes, json };
}

const printMember = (id: string, query: string, cookie?: string) =>
  get(memberPrintRoute, `/api/team-members/${id}/print${query}`, { id }, cookie);

interface ReadPdf {
  pages: { width: number; height: number }[];
  text: string;
  qr: string | null;
  fonts: string[];
}

/** What a printer and a phone see: page sizes, text and the decoded QR code (tests/support/read-pdf.mjs). */
async function readPdf(bytes: Buffer): Promise<ReadPdf> {
  const { stdout } = await run(process.execPath, [path.join(__dirname, '../support/read-pdf.mjs')], bytes);
  return JSON.parse(stdout) as ReadPdf;
}

function run(command: string, args: string[], input: Buffer): Promise<{ stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = execFile(command, args, { maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) =>
      error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve({ stdout }),
    );
    child.stdin!.end(input);
  });
}

/** The text the app's own QR code PNG holds, for the same member. */
async function pngQrText(id: string): Promise<string | null> {
  const res = await get(qrRoute, `/api/team-members/${id}/qr?size=300`, { id });
  const image = PNG.sync.read(res.bytes);
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data ?? null;
}

const expectSize = (size: { width: number; height: number }, expected: { width: number; height: number }) => {
  expect(size.width).toBeCloseTo(expected.width, 1);
  expect(size.height).toBeCloseTo(expected.height, 1);
};

describe('GET /api/team-members/{id}/print', () => {
  it('A6: a counter card with the clinic, "Scan to review us", the accented name and the QR of the review page', async () => {
    const member = await fixtureMember({ firstName: 'Siobhán', lastName: 'O’Neill' });
    const res = await printMember(member.id, '?format=a6');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="review-card-a6-siobhan-oneill.pdf"',
    );
    expect(res.headers.get('cache-control')).toBe('no-store');
    const reviewUrl = `${ORIGIN}/review/${member.code}`;
    expect(res.headers.get('x-qr-address')).toBe(reviewUrl);

    const pdf = await readPdf(res.bytes);
    expect(pdf.pages).toHaveLength(1);
    expectSize(pdf.pages[0]!, A6);
    expect(pdf.text).toContain('Scan to review us');
    expect(pdf.text).toContain('Siobhán O’Neill');
    expect(pdf.text).toContain(CLINIC);
    expect(pdf.text).toContain(reviewUrl); // the address in small print under the code
    expect(pdf.text).toContain('020 7946 0123');
    // The QR code decodes to the member's review page, exactly as the app's PNG code does.
    expect(pdf.qr).toBe(reviewUrl);
    expect(await pngQrText(member.id)).toBe(pdf.qr);
    // The embedded font is Geist (a subset), not a built-in font without the accents.
    expect(pdf.fonts.length).toBeGreaterThan(0);
    expect(pdf.fonts.every((name) => /^[A-Z]{6}\+Geist-Regular$/.test(name))).toBe(true);
  });

  it('A4: the same at poster size', async () => {
    const member = await fixtureMember({ firstName: 'Zoë', lastName: 'Brontë' });
    const res = await printMember(member.id, '?format=a4');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="review-poster-a4-zoe-bronte.pdf"',
    );
    const pdf = await readPdf(res.bytes);
    expectSize(pdf.pages[0]!, A4);
    expect(pdf.text).toContain('Scan to review us');
    expect(pdf.text).toContain('Zoë Brontë');
    expect(pdf.qr).toBe(`${ORIGIN}/review/${member.code}`);
  });

  it('a format written in capitals or with spaces is read', async () => {
    const member = await fixtureMember();
    expect((await printMember(member.id, '?format=%20A4%20')).status).toBe(200);
  });

  it('a name in a script the font lacks prints what it can, and the code still decodes', async () => {
    const member = await fixtureMember({ firstName: '王小明', lastName: 'Chén' });
    const res = await printMember(member.id, '?format=a6');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="review-card-a6-chen.pdf"');
    const pdf = await readPdf(res.bytes);
    expect(pdf.text).toContain('Chén');
    expect(pdf.text).not.toContain('王');
    expect(pdf.qr).toBe(`${ORIGIN}/review/${member.code}`);
  });

  it('signed out: 401, and no PDF', async () => {
    const member = await fixtureMember();
    const res = await printMember(member.id, '?format=a6', '');
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ message: 'You need to sign in.' });
  });

  it.each([
    ['an unknown format', '?format=a5'],
    ['a made-up format', '?format=pdf'],
    ['no format', ''],
    ['an empty format', '?format='],
  ])('%s: 400 with what to choose', async (_label, query) => {
    const member = await fixtureMember();
    const res = await printMember(member.id, query);
    expect(res.status).toBe(400);
    expect(res.json?.message).toBe(PRINT_FORMAT_TEXT);
  });

  it('an archived member, an unknown id and a malformed id: 404', async () => {
    const archived = await fixtureMember();
    await db.teamMember.update({ where: { id: archived.id }, data: { archivedAt: new Date() } });
    for (const id of [archived.id, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const res = await printMember(id, '?format=a4');
      expect({ id, status: res.status, message: res.json?.message }).toEqual({
        id,
        status: 404,
        message: MEMBER_NOT_FOUND_TEXT,
      });
    }
  });
});

describe('GET /api/print/referral-poster', () => {
  const poster = (cookie?: string) => get(posterRoute, '/api/print/referral-poster', {}, cookie);

  it('an A4 poster: the clinic, the reward from the settings, the offer, and a code to the recommendation form', async () => {
    const res = await poster();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="referral-poster-a4-bright-smile-dental-studio.pdf"',
    );
    const formUrl = `${ORIGIN}/recommendation-details`;
    expect(res.headers.get('x-qr-address')).toBe(formUrl);
    const pdf = await readPdf(res.bytes);
    expect(pdf.pages).toHaveLength(1);
    expectSize(pdf.pages[0]!, A4);
    expect(pdf.text).toContain(CLINIC);
    expect(pdf.text).toContain('Earn £200 cash per referral');
    expect(pdf.text).toContain('Ask at reception for your Referral Reward Card');
    expect(pdf.text).toContain('Recommended by a friend?');
    expect(pdf.text).toContain('5% off your Smile Story');
    expect(pdf.text).toContain('Scan to tell us who recommended you.');
    expect(pdf.qr).toBe(formUrl);
  });

  it('follows the reward amount setting', async () => {
    await updateSettings({ referralRewardAmount: 150 }, 'print-test');
    try {
      const pdf = await readPdf((await poster()).bytes);
      expect(pdf.text).toContain('Earn £150 cash per referral');
      expect(pdf.text).not.toContain('£200');
    } finally {
      await updateSettings({ referralRewardAmount: 200 }, 'print-test');
    }
  });

  it('speaks in the clinic’s own words: its reward wording and offer, and no offer when it makes none', async () => {
    await updateSettings(
      {
        rewardWording: '{amount} for every friend who joins us',
        offerHeadline: 'A free whitening session',
        offerDetails: 'Friends of our patients get their first whitening session on us.',
        offerTerms: 'One session per new patient, booked within three months.',
      },
      'print-test',
    );
    const own = await readPdf((await poster()).bytes);
    expect(own.text).toContain('Earn £200 for every friend who joins us');
    expect(own.text).toContain('A free whitening session');
    expect(own.text).toContain('Friends of our patients get their first whitening session on us.');
    expect(own.text).toContain('One session per new patient, booked within three months.');
    expect(own.text).not.toContain('5% off');

    await updateSettings({ offerEnabled: false }, 'print-test');
    const none = await readPdf((await poster()).bytes);
    expect(none.text).not.toContain('whitening');
    expect(none.text).toContain('Scan to tell us who recommended you.');
    expect(none.qr).toBe(`${ORIGIN}/recommendation-details`);
  });

  it('signed out: 401', async () => {
    const res = await poster('');
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ message: 'You need to sign in.' });
  });
});
