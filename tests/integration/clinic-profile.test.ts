/**
 * The clinic profile (issue 16): its fields on GET/PATCH /api/settings with their validation (the brand
 * colour's contrast with white among them), and the logo: POST/DELETE /api/settings/logo (types, sizes, files
 * that only pretend to be images) and its public address.
 */
import { NextRequest } from 'next/server';
import sharp from 'sharp';
import { GET, PATCH } from '@/app/api/settings/route';
import { DELETE as deleteLogoRoute, POST as uploadLogo } from '@/app/api/settings/logo/route';
import { GET as logoFile } from '@/app/clinic-logo/[file]/route';
import { db } from '@/lib/db';
import { setUpTestDatabase } from '../support/db';
import { call, makeStaff, ORIGIN } from '../support/http';

setUpTestDatabase();

const patch = (body: unknown, cookie?: string) => call(PATCH, { method: 'PATCH', body, cookie });

async function upload(file: Blob | null, cookie?: string, filename = 'logo.png') {
  const form = new FormData();
  if (file) form.set('logo', file, filename);
  const headers = new Headers({ 'x-forwarded-for': '127.0.0.1' });
  if (cookie) headers.set('cookie', cookie);
  const req = new NextRequest(new URL('/api/settings/logo', ORIGIN), { method: 'POST', headers, body: form });
  const res = await uploadLogo(req, { params: Promise.resolve({}) });
  return { status: res.status, body: await res.json() };
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: '#00716b' } })
    .png()
    .toBuffer();

describe('the clinic profile on /api/settings', () => {
  it('starts empty: the first-run state, with the retention default of 24 months', async () => {
    const staff = await makeStaff();
    const res = await call(GET, { cookie: staff.cookie });
    expect(res.body).toMatchObject({
      clinicName: null,
      clinicEmail: null,
      clinicPhone: null,
      clinicAddress: null,
      clinicWebsite: null,
      brandColour: null,
      privacyNoticeUrl: null,
      logoUrl: null,
      leadRetentionMonths: 24,
    });
  });

  it('saves every field for a full admin, normalised, and clears a field sent blank', async () => {
    const admin = await makeStaff({ isFullAdmin: true });
    const res = await patch(
      {
        clinicName: '  Harbour Smile Studio ',
        clinicEmail: 'Hello@Harbour-Smile.co.uk',
        clinicPhone: '020 7946 0000',
        clinicAddress: '1 Quay Street\nBristol BS1 4DJ',
        clinicWebsite: 'https://harbour-smile.co.uk',
        brandColour: '#1F4E79',
        privacyNoticeUrl: 'https://harbour-smile.co.uk/privacy',
        leadRetentionMonths: 36,
      },
      admin.cookie,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      clinicName: 'Harbour Smile Studio',
      clinicEmail: 'hello@harbour-smile.co.uk',
      brandColour: '#1f4e79',
      leadRetentionMonths: 36,
    });
    const cleared = await patch({ privacyNoticeUrl: '', clinicPhone: '' }, admin.cookie);
    expect(cleared.body).toMatchObject({
      privacyNoticeUrl: null,
      clinicPhone: null,
      clinicName: 'Harbour Smile Studio',
    });
  });

  it('answers 403 to staff who are not full admins, changing nothing', async () => {
    const staff = await makeStaff();
    const before = await db.settings.findMany();
    const res = await patch({ clinicName: 'Not Mine' }, staff.cookie);
    expect(res.status).toBe(403);
    expect(await db.settings.findMany()).toEqual(before);
  });

  it.each([
    [
      { brandColour: '#7fd1c9' },
      /White text on #7fd1c9 has a contrast of 1\.\d:1, below the 4\.5:1 that WCAG AA asks for\. Try a darker shade, such as #[0-9a-f]{6}\./,
    ],
    [{ brandColour: '#ffff00' }, /below the 4\.5:1 that WCAG AA asks for/],
    [{ brandColour: 'teal' }, /^Enter the brand colour as a hex code, e\.g\. #00716b$/],
    [
      { clinicWebsite: 'http://harbour-smile.co.uk' },
      /^The website must be a full web address starting with https:\/\/$/,
    ],
    [
      { clinicWebsite: 'javascript:alert(1)' },
      /^The website must be a full web address starting with https:\/\/$/,
    ],
    [
      { privacyNoticeUrl: 'harbour-smile.co.uk/privacy' },
      /^The privacy notice link must be a full web address/,
    ],
    [{ clinicEmail: 'not-an-email' }, /^Please enter a valid email address$/],
    [{ clinicPhone: 'call us' }, /^Enter the clinic phone number with digits/],
    [{ clinicName: 'x'.repeat(101) }, /^The clinic name must be at most 100 characters$/],
    [{ leadRetentionMonths: 5 }, /^Keep leads for a whole number of months from 6 to 120$/],
    [{ leadRetentionMonths: 121 }, /^Keep leads for a whole number of months from 6 to 120$/],
    [{ leadRetentionMonths: 12.5 }, /^Keep leads for a whole number of months from 6 to 120$/],
  ])('answers 400 for %p with a clear message, writing nothing', async (body, message) => {
    const admin = await makeStaff({ isFullAdmin: true });
    const before = await db.settings.findMany();
    const res = await patch(body, admin.cookie);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
    expect(await db.settings.findMany()).toEqual(before);
  });

  it('suggests a darker shade that passes', async () => {
    const admin = await makeStaff({ isFullAdmin: true });
    const res = await patch({ brandColour: '#4fb3a9' }, admin.cookie);
    const suggestion = /such as (#[0-9a-f]{6})/.exec(res.body.message)![1];
    expect((await patch({ brandColour: suggestion }, admin.cookie)).status).toBe(200);
  });
});

describe('POST and DELETE /api/settings/logo', () => {
  it('answers 401 signed out and 403 to staff who are not full admins', async () => {
    const file = new Blob([new Uint8Array(await png(40, 40))], { type: 'image/png' });
    expect((await upload(file)).status).toBe(401);
    const staff = await makeStaff();
    expect((await upload(file, staff.cookie)).status).toBe(403);
    const res = await deleteLogoRoute(
      new NextRequest(new URL('/api/settings/logo', ORIGIN), {
        method: 'DELETE',
        headers: { cookie: staff.cookie },
      }),
    );
    expect(res.status).toBe(403);
  });

  it('re-encodes an upload as a PNG of at most 512 px, serves it at an address that names it, for a year', async () => {
    const admin = await makeStaff({ isFullAdmin: true });
    const jpeg = await sharp({ create: { width: 1600, height: 800, channels: 3, background: '#123456' } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret camera data' } } })
      .toBuffer();
    const res = await upload(
      new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }),
      admin.cookie,
      'logo.jpg',
    );
    expect(res.status).toBe(200);
    expect(res.body.logoUrl).toMatch(/^\/clinic-logo\/[0-9a-f]{20}\.png$/);

    const file = res.body.logoUrl.split('/').pop();
    const served = await logoFile(new Request(`${ORIGIN}${res.body.logoUrl}`), {
      params: Promise.resolve({ file }),
    });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const bytes = Buffer.from(await served.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 512, height: 256 });
    expect(meta.exif).toBeUndefined();

    // A new logo has a new address; the old one is gone.
    const next = await upload(
      new Blob([new Uint8Array(await png(64, 64))], { type: 'image/png' }),
      admin.cookie,
    );
    expect(next.body.logoUrl).not.toBe(res.body.logoUrl);
    const old = await logoFile(new Request(`${ORIGIN}${res.body.logoUrl}`), {
      params: Promise.resolve({ file }),
    });
    expect(old.status).toBe(404);

    const removed = await deleteLogoRoute(
      new NextRequest(new URL('/api/settings/logo', ORIGIN), {
        method: 'DELETE',
        headers: { cookie: admin.cookie },
      }),
    );
    expect(removed.status).toBe(200);
    expect((await removed.json()).logoUrl).toBeNull();
    expect((await db.settings.findFirst())?.logoPng).toBeNull();
  });

  it.each([
    [
      'a GIF',
      async () =>
        new Blob(
          [
            new Uint8Array(
              await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
                .gif()
                .toBuffer(),
            ),
          ],
          { type: 'image/gif' },
        ),
      'Upload the logo as a PNG, JPEG or WebP image.',
    ],
    [
      'a GIF that says it is a PNG',
      async () =>
        new Blob(
          [
            new Uint8Array(
              await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
                .gif()
                .toBuffer(),
            ),
          ],
          { type: 'image/png' },
        ),
      'Upload the logo as a PNG, JPEG or WebP image.',
    ],
    [
      'text that says it is a PNG',
      async () => new Blob(['<svg onload="alert(1)"></svg>'], { type: 'image/png' }),
      'That file is not a PNG, JPEG or WebP image we can read.',
    ],
    [
      'a file over 2 MB',
      async () => new Blob([new Uint8Array(2 * 1024 * 1024 + 1)], { type: 'image/png' }),
      'The logo must be at most 2 MB.',
    ],
    ['no file', async () => null, 'Choose a logo to upload.'],
  ])('refuses %s with 400 and a clear message, storing nothing', async (_label, make, message) => {
    const admin = await makeStaff({ isFullAdmin: true });
    const before = await db.settings.findMany();
    const res = await upload(await make(), admin.cookie);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(await db.settings.findMany()).toEqual(before);
  });
});

describe('the review page before any review link is set', () => {
  it('counts no visit: POST /api/track-scan answers 200, counted: false, and writes nothing', async () => {
    const { POST: trackScanRoute } = await import('@/app/api/track-scan/route');
    const member = await db.teamMember.create({
      data: { firstName: 'Nia', lastName: 'Unset', code: 'TM-AAAA-BBBB-CCCC-DDDD' },
    });
    await db.settings.upsert({
      where: { id: 1 },
      create: { id: 1 },
      update: { googleReviewLink: null, trustpilotReviewLink: null },
    });
    const body = { teamMemberId: member.code, sessionId: 'sess-unset-12345', isUniqueVisitor: true };
    const res = await call(trackScanRoute, { body, ip: '10.77.0.1' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ scanId: null, created: false, counted: false });
    expect(await db.reviewScan.count({ where: { teamMemberId: member.id } })).toBe(0);

    await db.settings.update({
      where: { id: 1 },
      data: { trustpilotReviewLink: 'https://uk.trustpilot.com/review/x.test' },
    });
    const counted = await call(trackScanRoute, { body, ip: '10.77.0.1' });
    expect(counted.status).toBe(201);
    expect(counted.body).toMatchObject({ created: true, counted: true });
    expect(await db.reviewScan.count({ where: { teamMemberId: member.id } })).toBe(1);
  });
});
