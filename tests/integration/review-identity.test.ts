/**
 * Issue 28, point 14: the same Google or Trustpilot review was credited again when its link was written
 * differently (13 of 29 variants passed). A review is now its platform's review id (lib/review-url.ts
 * reviewIdentity), kept in team_reviews.reviewKey under a unique index; the migration 20261126093000_review_identity
 * computed the same for the reviews already there (review_identity in SQL), keeping the oldest of any that
 * already named one review credited and every money record as it was.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { POST as createMemberRoute } from '@/app/api/team-members/route';
import { POST as createReviewRoute } from '@/app/api/team-reviews/route';
import { POST as approveRoute } from '@/app/api/team-scans/[id]/approve/route';
import { POST as trackScanRoute } from '@/app/api/track-scan/route';
import { db } from '@/lib/db';
import type { TeamMemberDto } from '@/lib/dto/team';
import { parseReviewUrl, reviewIdentity } from '@/lib/review-url';
import { readMigrations } from '../../scripts/lib/migrations';
import { createDatabase, databaseUrl, dropDatabase, setUpTestDatabase } from '../support/db';
import { fixtureReviewLink } from '../support/fixtures';
import { call, makeStaff, type TestStaff } from '../support/http';
import {
  GOOGLE_REVIEW,
  GOOGLE_REVIEW_ID,
  TRUSTPILOT_REVIEW,
  sameReviewVariants,
} from '../support/review-link-variants';

setUpTestDatabase();

let admin: TestStaff;
beforeAll(async () => {
  admin = await makeStaff({ isFullAdmin: true });
  await fixtureReviewLink();
});

let ips = 0;
const nextIp = () => {
  ips += 1;
  return `10.42.${Math.floor(ips / 250)}.${(ips % 250) + 1}`;
};

async function newMember(firstName: string, lastName: string): Promise<TeamMemberDto> {
  const res = await call(createMemberRoute, {
    path: '/api/team-members',
    body: { firstName, lastName },
    cookie: admin.cookie,
  });
  if (res.status !== 201) throw new Error(`member not created: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as TeamMemberDto;
}

async function newScan(member: { id: string }): Promise<string> {
  const res = await call(trackScanRoute, {
    path: '/api/track-scan',
    body: {
      teamMemberId: member.id,
      userAgent: 'jest',
      sessionId: `sess-${randomUUID()}`,
      isUniqueVisitor: true,
    },
    ip: nextIp(),
  });
  if (res.status !== 201) throw new Error(`scan not made: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.scanId as string;
}

const addReview = (body: Record<string, unknown>) =>
  call(createReviewRoute, { path: '/api/team-reviews', body, cookie: admin.cookie });
const approve = (id: string, body: Record<string, unknown>) =>
  call(approveRoute, { path: `/api/team-scans/${id}/approve`, params: { id }, body, cookie: admin.cookie });

/** A review of its own for each test run: the fixtures' links with a fresh id in place of theirs. */
function freshLinks() {
  const googleId = `ChdDSUhN${randomUUID().replaceAll('-', '')}`;
  const trustpilotId = randomUUID().replaceAll('-', '').slice(0, 24);
  return {
    google: GOOGLE_REVIEW.replace(GOOGLE_REVIEW_ID, googleId),
    trustpilot: TRUSTPILOT_REVIEW.replace(/[0-9a-f]{24}$/, trustpilotId),
  };
}

describe('one review, however its link is written, is credited once', () => {
  it('refuses every variant of a credited Google and Trustpilot review, by hand and by approving a scan', async () => {
    const ann = await newMember('Ann', 'Identity');
    const bob = await newMember('Bob', 'Identity');
    const { google, trustpilot } = freshLinks();
    for (const original of [google, trustpilot]) {
      const first = await addReview({
        teamMemberId: ann.id,
        reviewerName: `Reviewer ${randomUUID()}`,
        reviewDate: '2020-05-06',
        reviewUrl: original,
      });
      expect(first.status).toBe(201);
    }
    const variants = sameReviewVariants(google, trustpilot);
    expect(variants.length).toBeGreaterThanOrEqual(29);
    const credited: string[] = [];
    for (const reviewUrl of variants) {
      const byHand = await addReview({
        teamMemberId: bob.id,
        reviewerName: `Someone ${randomUUID()}`,
        reviewDate: '2020-05-07',
        reviewUrl,
      });
      if (byHand.status !== 409) credited.push(`by hand ${byHand.status}: ${reviewUrl}`);
      else expect(byHand.body).toMatchObject({ code: 'duplicate_review', memberName: 'Ann Identity' });
    }
    // Approving a scan goes through the same check: a few of the variants that passed before.
    for (const reviewUrl of variants.filter((_, i) => i % 6 === 0)) {
      const scanId = await newScan(bob);
      const approved = await approve(scanId, { reviewerName: `Someone ${randomUUID()}`, reviewUrl });
      if (approved.status !== 409) credited.push(`approved ${approved.status}: ${reviewUrl}`);
    }
    expect(credited).toEqual([]);
    expect(await db.teamReview.count({ where: { teamMemberId: { in: [ann.id, bob.id] } } })).toBe(2);
  });

  it('still credits different reviews', async () => {
    const member = await newMember('Cat', 'Identity');
    const a = freshLinks();
    const b = freshLinks();
    for (const reviewUrl of [a.google, b.google, a.trustpilot, b.trustpilot]) {
      const res = await addReview({
        teamMemberId: member.id,
        reviewerName: `Reviewer ${randomUUID()}`,
        reviewDate: '2020-05-08',
        reviewUrl,
      });
      expect(res.status).toBe(201);
    }
  });
});

describe('the migration review_identity', () => {
  const sqlOf = (d: { migrationFile: { content: unknown } }) =>
    (d.migrationFile.content as { value: string }).value;

  it('computes in SQL what the app computes, for every way of writing a link', async () => {
    const inputs = [
      ...sameReviewVariants(),
      GOOGLE_REVIEW,
      TRUSTPILOT_REVIEW,
      'https://g.page/r/CabcDEF/review',
      'https://g.page/r/CabcDEF',
      'https://g.page/Clinic-Name/review?rc',
      'https://g.page',
      'https://maps.app.goo.gl/AbCdEf12345?g_st=ic',
      'https://www.google.com/maps/contrib/1234567890/reviews/@51.5,-0.1,17z?hl=en',
      'https://maps.google.com/?cid=123&hl=en',
      'https://www.google.co.uk/maps?hl=fr&cid=123&ftid=0x1:0x2&placeid=ChIJabc&query_place_id=X',
      'https://www.google.com/search?q=clinic+reviews#lrd=0x1:0x2,1',
      'https://www.google.com/maps/place/Clinic/data=!4m2!3m1!1s0x48761b3333333333:0x4444444444444444',
      'https://www.google.com/maps/reviews/data=3f2a9b1c-aaaa-bbbb-cccc-1234567890ab?hl=en-GB&entry=ttu',
      'https://uk.trustpilot.com/review/clinic.example',
      'https://uk.trustpilot.com/reviews/team-test-1-0a1b2c3d',
      'https://www.google.com:8443/maps/reviews/%252521%25%2%zz%7F%7E%00',
      'https://google.com./Maps;a=b/;c/%3Bd/reviews/x%20y',
    ];
    const rows = inputs.map((input) => {
      const link = parseReviewUrl(input);
      if (!link.ok) throw new Error(`${input}: ${link.message}`);
      expect(link.key).toBe(reviewIdentity(link.url));
      return { href: link.url, key: link.key };
    });
    const result = await db.$queryRaw<{ key: string | null }[]>`
      SELECT review_identity(href) AS key FROM unnest(${rows.map((r) => r.href)}::text[]) WITH ORDINALITY AS t(href, n)
      ORDER BY n`;
    expect(result.map((r, i) => ({ href: rows[i]!.href, key: r.key }))).toEqual(rows);
  });

  it('gives existing reviews their identity, the oldest of any that name one review keeping it, and rewrites no money record', async () => {
    const name = await createDatabase({ empty: true });
    const client = new pg.Client(databaseUrl(name));
    await client.connect();
    try {
      const all = readMigrations().migrationDirectories;
      const at = all.findIndex((d) => d.path.endsWith('_review_identity'));
      expect(at).toBeGreaterThan(0);
      for (const d of all.slice(0, at)) await client.query(sqlOf(d));
      const member = randomUUID();
      await client.query(
        `INSERT INTO team_members (id, "firstName", "lastName", code) VALUES ($1, 'Old', 'Reviews', 'TM-AAAA-AAAA-AAAA-AAAA')`,
        [member],
      );
      // Before issue 28 these were four reviews: three ways of writing one Google review (one of them paid),
      // and a Trustpilot review; plus a review from before links were required.
      const old = [
        ['2024-01-01', GOOGLE_REVIEW, null],
        ['2024-02-01', GOOGLE_REVIEW.replace('www.google.com', 'www.google.co.uk'), '2024-03-01'],
        ['2024-03-01', GOOGLE_REVIEW.replace('/maps/', '/Maps/'), null],
        ['2024-04-01', TRUSTPILOT_REVIEW, null],
        ['2024-05-01', null, '2024-06-01'],
      ];
      for (const [created, url, paid] of old) {
        await client.query(
          `INSERT INTO team_reviews (id, "teamMemberId", "reviewerName", "reviewDate", platform, "reviewUrl", "reviewKey",
             "bonusPence", "verifiedAt", "paidAt", "createdAt")
           VALUES (gen_random_uuid(), $1, 'R', '2024-01-01', 'google', $2::text, 'old:' || coalesce($2::text, gen_random_uuid()::text),
             1000, $3::timestamptz, $4::timestamptz, $3::timestamptz)`,
          [member, url, created, paid],
        );
      }
      const before = await client.query(
        `SELECT id, "bonusPence", "verifiedAt", "paidAt", "reviewUrl" FROM team_reviews ORDER BY "createdAt"`,
      );
      await client.query(sqlOf(all[at]!));
      const after = await client.query<{ reviewKey: string | null }>(
        `SELECT id, "bonusPence", "verifiedAt", "paidAt", "reviewUrl", "reviewKey" FROM team_reviews ORDER BY "createdAt"`,
      );
      expect(after.rows.map((r) => r.reviewKey)).toEqual([
        `google:review:${GOOGLE_REVIEW_ID.toLowerCase()}`,
        `old:${old[1]![1]}`,
        `old:${old[2]![1]}`,
        'trustpilot:review:65f1c0ffee1234567890abcd',
        expect.stringMatching(/^old:/),
      ]);
      expect(
        after.rows.map((row) => {
          const { reviewKey, ...rest } = row;
          void reviewKey;
          return rest;
        }),
      ).toEqual(before.rows);
    } finally {
      await client.end();
      await dropDatabase(name);
    }
  });
});
