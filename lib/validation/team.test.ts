import type { z } from 'zod';
import { ukDateString } from '@/lib/uk-time';
import { NAMES_REQUIRED_TEXT } from './clients';
import {
  GOOGLE_REVIEW_LINK_TEXT,
  googleReviewLinkSchema,
  OFFER_LINK_TEXT,
  trustpilotReviewLinkSchema,
  updateSettingsSchema,
} from './settings';
import { REVIEW_URL_HOST_TEXT, REVIEW_URL_HTTPS_TEXT, REVIEW_URL_TEXT } from '@/lib/review-url';
import {
  approveScanFormSchema,
  approveScanSchema,
  createTeamMemberSchema,
  createTeamReviewSchema,
  PLATFORM_TEXT,
  REVIEW_DATE_TEXT,
  REVIEW_PLATFORMS,
  reviewDateSchema,
  REVIEWER_NAME_TEXT,
  TEAM_MEMBER_TEXT,
  teamMonthQuerySchema,
  teamPayAllSchema,
  trackPlatformSchema,
  trackScanSchema,
  undoBulkSchema,
} from './team';
import { googleReviewUrl } from '@/lib/format';
import { TRUSTPILOT_SOON_TEXT } from '@/lib/copy';

const FUTURE_TEXT = 'The review date cannot be in the future';
const MEMBER_REF_TEXT = 'teamMemberId must be a team member id';
const YEAR_TEXT = 'year must be a year such as 2025';
const MONTH_TEXT = 'month must be 1 (January) to 12 (December)';
const ID = '0192f5e0-0000-7000-8000-000000000001';
const ID2 = '0192f5e0-0000-7000-8000-000000000002';
const DAY = 86_400_000;

/** Every message of a failed parse (the route answers the first one and lists them all per field). */
function messages(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  if (result.success) throw new Error(`expected a refusal, got ${JSON.stringify(result.data)}`);
  return result.error.issues.map((issue) => issue.message);
}

/** The different messages of a failed parse, in order: a form may show every one of them. */
const distinctMessages = (schema: z.ZodType, value: unknown) => [...new Set(messages(schema, value))];

/** The fields a failed parse names. */
function fieldsOf(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  if (result.success) throw new Error(`expected a refusal, got ${JSON.stringify(result.data)}`);
  return [...new Set(result.error.issues.map((issue) => issue.path.join('.')))];
}

/** The message of a failed parse at one field. */
function fieldMessage(schema: z.ZodType, value: unknown, field: string): string | undefined {
  const result = schema.safeParse(value);
  if (result.success) throw new Error(`expected a refusal, got ${JSON.stringify(result.data)}`);
  return result.error.issues.find((issue) => issue.path.join('.') === field)?.message;
}

/** A UK calendar date `days` away from today's UK date. */
const ukDay = (days: number) => {
  const today = ukDateString(new Date());
  return new Date(Date.parse(`${today}T12:00:00Z`) + days * DAY).toISOString().slice(0, 10);
};

describe('texts of the specification', () => {
  it('keeps the review page and validation texts word for word', () => {
    expect(TRUSTPILOT_SOON_TEXT).toBe('Trustpilot review link coming soon!');
    expect(NAMES_REQUIRED_TEXT).toBe('First name and last name are required');
    expect(REVIEW_PLATFORMS).toEqual(['google', 'trustpilot']);
  });
});

describe('createTeamMemberSchema (add team member)', () => {
  it('trims and title-cases both names', () => {
    expect(createTeamMemberSchema.parse({ firstName: '  mary-jane ', lastName: "O'NEIL  " })).toEqual({
      firstName: 'Mary-Jane',
      lastName: "O'Neil",
    });
    expect(createTeamMemberSchema.parse({ firstName: 'ANNA  MARIA', lastName: 'smith' })).toEqual({
      firstName: 'Anna Maria',
      lastName: 'Smith',
    });
  });

  it.each([
    [{ firstName: '', lastName: 'Smith' }, 'firstName'],
    [{ firstName: '   ', lastName: 'Smith' }, 'firstName'],
    [{ firstName: '\t\n', lastName: 'Smith' }, 'firstName'],
    [{ firstName: 'Anna', lastName: '  ' }, 'lastName'],
    [{ firstName: 'Anna' }, 'lastName'],
    [{ lastName: 'Smith' }, 'firstName'],
    [{ firstName: 42, lastName: 'Smith' }, 'firstName'],
    [{ firstName: 'Anna', lastName: null }, 'lastName'],
  ])("refuses %p with 'First name and last name are required' at %s", (value, field) => {
    expect(fieldMessage(createTeamMemberSchema, value, field)).toBe(NAMES_REQUIRED_TEXT);
    expect(messages(createTeamMemberSchema, value)[0]).toBe(NAMES_REQUIRED_TEXT);
  });

  it('refuses both blank names with the same text for each', () => {
    expect(messages(createTeamMemberSchema, { firstName: ' ', lastName: '' })).toEqual([
      NAMES_REQUIRED_TEXT,
      NAMES_REQUIRED_TEXT,
    ]);
  });

  it('refuses names over 100 characters (after trimming) and accepts 100', () => {
    expect(messages(createTeamMemberSchema, { firstName: 'a'.repeat(101), lastName: 'Smith' })).toEqual([
      'Names must be at most 100 characters',
    ]);
    expect(createTeamMemberSchema.parse({ firstName: ` ${'a'.repeat(100)} `, lastName: 'b' }).firstName).toBe(
      `A${'a'.repeat(99)}`,
    );
  });

  it('refuses unknown fields rather than ignoring them', () => {
    expect(
      createTeamMemberSchema.safeParse({ firstName: 'Anna', lastName: 'Smith', code: 'TM-X' }).success,
    ).toBe(false);
  });
});

describe('reviewDateSchema', () => {
  it('accepts real dates up to today (UK)', () => {
    for (const date of ['2000-01-01', '2024-02-29', '2025-12-31', ukDay(-1), ukDay(0)]) {
      expect(reviewDateSchema.parse(date)).toBe(date);
    }
  });

  it.each([
    '2025-02-30',
    '2025-02-29',
    '2025-13-01',
    '2025-00-10',
    '2025-1-5',
    '05/01/2025',
    '2025-01-05T10:00:00Z',
    ' 2025-01-05',
    '',
    '1999-12-31',
    'yesterday',
  ])("refuses %p with 'Enter the date of the review'", (value) => {
    expect(messages(reviewDateSchema, value)[0]).toBe(REVIEW_DATE_TEXT);
  });

  it("does not also call a blank or malformed date 'in the future' (forms show every message of a field)", () => {
    for (const value of ['', 'yesterday', '05/01/2025', '2025-13-01', '2025-1-5']) {
      expect({ value, messages: distinctMessages(reviewDateSchema, value) }).toEqual({
        value,
        messages: [REVIEW_DATE_TEXT],
      });
    }
  });

  it.each([undefined, null, 20250105, true])("refuses %p with 'Enter the date of the review'", (value) => {
    expect(messages(reviewDateSchema, value)).toEqual([REVIEW_DATE_TEXT]);
  });

  it('refuses a date in the future', () => {
    expect(messages(reviewDateSchema, ukDay(2))).toEqual([FUTURE_TEXT]);
    expect(messages(reviewDateSchema, ukDay(40))).toEqual([FUTURE_TEXT]);
    expect(messages(reviewDateSchema, '2999-01-01')).toEqual([FUTURE_TEXT]);
  });

  it("refuses tomorrow's UK date: that day has not come yet in the clinic", () => {
    expect(messages(reviewDateSchema, ukDay(1))).toEqual([FUTURE_TEXT]);
  });
});

describe('createTeamReviewSchema (add verified review)', () => {
  const valid = {
    teamMemberId: ID,
    reviewUrl: 'https://g.page/r/CabcDEF/review',
    reviewerName: '  Rose Tyler ',
    reviewDate: '2025-03-04',
    platform: 'google',
  };

  it('accepts a member, the review link, a reviewer name (trimmed), a date, and a platform only if it is the link’s', () => {
    expect(createTeamReviewSchema.parse(valid)).toEqual({ ...valid, reviewerName: 'Rose Tyler' });
    const { platform: _omitted, ...withoutPlatform } = valid;
    void _omitted;
    expect(createTeamReviewSchema.parse(withoutPlatform).platform).toBeUndefined();
    expect(
      createTeamReviewSchema.parse({
        ...valid,
        reviewUrl: ' https://uk.trustpilot.com/reviews/abc ',
        platform: 'trustpilot',
      }).reviewUrl,
    ).toBe('https://uk.trustpilot.com/reviews/abc');
    expect(fieldMessage(createTeamReviewSchema, { ...valid, platform: 'trustpilot' }, 'platform')).toBe(
      'This is a Google link: the platform follows from the review link',
    );
    expect(createTeamReviewSchema.parse({ ...valid, confirmSameReviewer: true }).confirmSameReviewer).toBe(
      true,
    );
  });

  it.each([
    [{ teamMemberId: undefined }, 'teamMemberId', TEAM_MEMBER_TEXT],
    [{ teamMemberId: '' }, 'teamMemberId', TEAM_MEMBER_TEXT],
    [{ teamMemberId: 'TM-ABCD-EFGH-JKLM-NPQR' }, 'teamMemberId', TEAM_MEMBER_TEXT],
    [{ teamMemberId: 42 }, 'teamMemberId', TEAM_MEMBER_TEXT],
    [{ reviewerName: undefined }, 'reviewerName', REVIEWER_NAME_TEXT],
    [{ reviewerName: '' }, 'reviewerName', REVIEWER_NAME_TEXT],
    [{ reviewerName: '    ' }, 'reviewerName', REVIEWER_NAME_TEXT],
    [{ reviewerName: null }, 'reviewerName', REVIEWER_NAME_TEXT],
    [{ reviewerName: 'x'.repeat(101) }, 'reviewerName', 'The reviewer’s name must be at most 100 characters'],
    [{ reviewDate: undefined }, 'reviewDate', REVIEW_DATE_TEXT],
    [{ reviewDate: '' }, 'reviewDate', REVIEW_DATE_TEXT],
    [{ reviewDate: '2025-02-30' }, 'reviewDate', REVIEW_DATE_TEXT],
    [{ reviewDate: ukDay(3) }, 'reviewDate', FUTURE_TEXT],
    [{ reviewUrl: undefined }, 'reviewUrl', REVIEW_URL_TEXT],
    [{ reviewUrl: '   ' }, 'reviewUrl', REVIEW_URL_TEXT],
    [{ reviewUrl: 'http://g.page/r/abc' }, 'reviewUrl', REVIEW_URL_HTTPS_TEXT],
    [{ reviewUrl: 'https://www.yelp.co.uk/biz/clinic' }, 'reviewUrl', REVIEW_URL_HOST_TEXT],
    [{ confirmSameReviewer: 'yes' }, 'confirmSameReviewer', 'confirmSameReviewer must be true or false'],
    [{ platform: 'facebook' }, 'platform', PLATFORM_TEXT],
    [{ platform: 'Google' }, 'platform', PLATFORM_TEXT],
    [{ platform: '' }, 'platform', PLATFORM_TEXT],
    [{ platform: null }, 'platform', PLATFORM_TEXT],
  ])('refuses %p at %s with %p', (change, field, message) => {
    const value = { ...valid, ...change };
    expect(fieldMessage(createTeamReviewSchema, value, field)).toBe(message);
    expect(messages(createTeamReviewSchema, value)[0]).toBe(message);
    expect(fieldsOf(createTeamReviewSchema, value)).toEqual([field]);
  });

  it('says every missing field at once', () => {
    expect(messages(createTeamReviewSchema, {})).toEqual([
      TEAM_MEMBER_TEXT,
      REVIEW_URL_TEXT,
      REVIEWER_NAME_TEXT,
      REVIEW_DATE_TEXT,
    ]);
  });

  it('refuses unknown fields (a client cannot choose the bonus or mark it paid)', () => {
    expect(createTeamReviewSchema.safeParse({ ...valid, bonusAmount: 500 }).success).toBe(false);
    expect(createTeamReviewSchema.safeParse({ ...valid, isPaid: true }).success).toBe(false);
  });
});

describe('approveScanSchema (Verify & Approve)', () => {
  const link = 'https://uk.trustpilot.com/reviews/abc';
  it('needs the review link and a reviewer name; date and platform are optional', () => {
    expect(approveScanSchema.parse({ reviewUrl: link, reviewerName: ' Amy Pond ' })).toEqual({
      reviewUrl: link,
      reviewerName: 'Amy Pond',
    });
    expect(
      approveScanSchema.parse({
        reviewUrl: link,
        reviewerName: 'Amy Pond',
        reviewDate: '2025-01-31',
        platform: 'trustpilot',
      }),
    ).toEqual({
      reviewUrl: link,
      reviewerName: 'Amy Pond',
      reviewDate: '2025-01-31',
      platform: 'trustpilot',
    });
  });

  it('refuses a scan without its review link: the platform is never guessed', () => {
    expect(messages(approveScanSchema, { reviewerName: 'Amy' })).toEqual([REVIEW_URL_TEXT]);
    expect(messages(approveScanSchema, { reviewerName: 'Amy', reviewUrl: link, platform: 'google' })).toEqual(
      ['This is a Trustpilot link: the platform follows from the review link'],
    );
  });

  it.each([
    [{ reviewUrl: link }, REVIEWER_NAME_TEXT],
    [{ reviewUrl: link, reviewerName: '' }, REVIEWER_NAME_TEXT],
    [{ reviewUrl: link, reviewerName: '   ' }, REVIEWER_NAME_TEXT],
    [{ reviewUrl: link, reviewerName: 7 }, REVIEWER_NAME_TEXT],
    [{ reviewUrl: link, reviewerName: 'Amy', reviewDate: '2025-02-30' }, REVIEW_DATE_TEXT],
    [{ reviewUrl: link, reviewerName: 'Amy', reviewDate: '' }, REVIEW_DATE_TEXT],
    [{ reviewUrl: link, reviewerName: 'Amy', reviewDate: null }, REVIEW_DATE_TEXT],
    [{ reviewUrl: link, reviewerName: 'Amy', reviewDate: ukDay(5) }, FUTURE_TEXT],
    [{ reviewUrl: link, reviewerName: 'Amy', platform: 'yelp' }, PLATFORM_TEXT],
    [{ reviewUrl: link, reviewerName: 'Amy', platform: null }, PLATFORM_TEXT],
    [{ reviewUrl: 'https://example.com/r', reviewerName: 'Amy' }, REVIEW_URL_HOST_TEXT],
  ])('refuses %p with %p', (value, message) => {
    expect(messages(approveScanSchema, value)[0]).toBe(message);
    expect(fieldsOf(approveScanSchema, value)).toHaveLength(1);
  });

  it('refuses unknown fields', () => {
    expect(approveScanSchema.safeParse({ reviewUrl: link, reviewerName: 'Amy', bonusPence: 1 }).success).toBe(
      false,
    );
  });
});

describe("approveScanFormSchema (a pending scan's Verify & Approve form)", () => {
  const link = 'https://uk.trustpilot.com/reviews/abc';

  it('reads the typed link and name as approveScanSchema does, trimmed, ready to send', () => {
    const typed = { reviewUrl: ` ${link} `, reviewerName: ' Amy Pond ' };
    const values = approveScanFormSchema.parse(typed);
    expect(values).toEqual({ reviewUrl: link, reviewerName: 'Amy Pond' });
    expect(approveScanSchema.parse(values)).toEqual(values);
  });

  it.each([
    [{ reviewUrl: '', reviewerName: 'Amy' }, 'reviewUrl', REVIEW_URL_TEXT],
    [
      { reviewUrl: 'http://uk.trustpilot.com/reviews/abc', reviewerName: 'Amy' },
      'reviewUrl',
      REVIEW_URL_HTTPS_TEXT,
    ],
    [{ reviewUrl: 'https://example.com/r', reviewerName: 'Amy' }, 'reviewUrl', REVIEW_URL_HOST_TEXT],
    [{ reviewUrl: link, reviewerName: '' }, 'reviewerName', REVIEWER_NAME_TEXT],
    [{ reviewUrl: link, reviewerName: '   ' }, 'reviewerName', REVIEWER_NAME_TEXT],
  ])('refuses %p on %p with %p, the message approveScanSchema gives', (value, field, message) => {
    expect(fieldsOf(approveScanFormSchema, value)).toEqual([field]);
    expect(fieldMessage(approveScanFormSchema, value, field)).toBe(message);
    expect(fieldMessage(approveScanSchema, value, field)).toBe(message);
  });

  it('names both fields when both are empty', () => {
    expect(fieldsOf(approveScanFormSchema, { reviewUrl: '', reviewerName: '' })).toEqual([
      'reviewUrl',
      'reviewerName',
    ]);
  });
});

describe('trackScanSchema (POST /api/track-scan)', () => {
  const valid = {
    teamMemberId: 'TM-ABCD-EFGH-JKLM-NPQR',
    userAgent: 'Mozilla/5.0',
    sessionId: 's-1',
    isUniqueVisitor: true,
  };

  it('accepts the review page call, by id or by code, with or without a user agent', () => {
    expect(trackScanSchema.parse(valid)).toEqual(valid);
    expect(trackScanSchema.parse({ ...valid, teamMemberId: ` ${ID} ` }).teamMemberId).toBe(ID);
    expect(trackScanSchema.parse({ ...valid, userAgent: null }).userAgent).toBeNull();
    expect(trackScanSchema.parse({ teamMemberId: ID, sessionId: 'abc', isUniqueVisitor: false })).toEqual({
      teamMemberId: ID,
      sessionId: 'abc',
      isUniqueVisitor: false,
    });
  });

  it('treats a missing isUniqueVisitor as false: the server never assumes a new visitor', () => {
    expect(trackScanSchema.parse({ teamMemberId: ID, sessionId: 'abc' }).isUniqueVisitor).toBe(false);
  });

  it.each([
    [{ teamMemberId: undefined }, 'teamMemberId', MEMBER_REF_TEXT],
    [{ teamMemberId: '' }, 'teamMemberId', MEMBER_REF_TEXT],
    [{ teamMemberId: '   ' }, 'teamMemberId', MEMBER_REF_TEXT],
    [{ teamMemberId: 'x'.repeat(101) }, 'teamMemberId', MEMBER_REF_TEXT],
    [{ teamMemberId: 12 }, 'teamMemberId', MEMBER_REF_TEXT],
    [{ sessionId: undefined }, 'sessionId', 'sessionId must be text'],
    [{ sessionId: 5 }, 'sessionId', 'sessionId must be text'],
    [{ sessionId: '' }, 'sessionId', 'sessionId is required'],
    [{ sessionId: '  ' }, 'sessionId', 'sessionId is required'],
    [{ sessionId: 's'.repeat(101) }, 'sessionId', 'sessionId must be at most 100 characters'],
    [{ userAgent: 5 }, 'userAgent', 'userAgent must be text'],
    [{ userAgent: 'u'.repeat(1001) }, 'userAgent', 'userAgent must be at most 1000 characters'],
    [{ isUniqueVisitor: 'yes' }, 'isUniqueVisitor', 'isUniqueVisitor must be true or false'],
    [{ isUniqueVisitor: 1 }, 'isUniqueVisitor', 'isUniqueVisitor must be true or false'],
    [{ isUniqueVisitor: null }, 'isUniqueVisitor', 'isUniqueVisitor must be true or false'],
  ])('refuses %p at %s with %p', (change, field, message) => {
    const value = { ...valid, ...change };
    expect(fieldMessage(trackScanSchema, value, field)).toBe(message);
    expect(messages(trackScanSchema, value)).toEqual([message]);
  });

  it('accepts a 100-character session id and a 1000-character user agent', () => {
    expect(
      trackScanSchema.safeParse({ ...valid, sessionId: 's'.repeat(100), userAgent: 'u'.repeat(1000) })
        .success,
    ).toBe(true);
  });
});

describe('trackPlatformSchema (POST /api/track-review-platform)', () => {
  const valid = { teamMemberId: ID, platform: 'trustpilot', sessionId: 'session-1' };

  it('accepts google or trustpilot', () => {
    expect(trackPlatformSchema.parse(valid)).toEqual(valid);
    expect(trackPlatformSchema.parse({ ...valid, platform: 'google' }).platform).toBe('google');
  });

  it.each([
    [{ platform: undefined }, 'platform', PLATFORM_TEXT],
    [{ platform: 'facebook' }, 'platform', PLATFORM_TEXT],
    [{ platform: 'TRUSTPILOT' }, 'platform', PLATFORM_TEXT],
    [{ platform: 1 }, 'platform', PLATFORM_TEXT],
    [{ teamMemberId: '' }, 'teamMemberId', MEMBER_REF_TEXT],
    [{ teamMemberId: undefined }, 'teamMemberId', MEMBER_REF_TEXT],
    [{ sessionId: '' }, 'sessionId', 'sessionId is required'],
    [{ sessionId: undefined }, 'sessionId', 'sessionId must be text'],
    [{ sessionId: 'x'.repeat(101) }, 'sessionId', 'sessionId must be at most 100 characters'],
  ])('refuses %p at %s with %p', (change, field, message) => {
    const value = { ...valid, ...change };
    expect(fieldMessage(trackPlatformSchema, value, field)).toBe(message);
    expect(messages(trackPlatformSchema, value)).toEqual([message]);
  });
});

describe('teamMonthQuerySchema (?year=&month=)', () => {
  it('reads the query text as numbers, any month since the clinic’s first day (2000)', () => {
    expect(teamMonthQuerySchema.parse({ year: '2025', month: '7' })).toEqual({ year: 2025, month: 7 });
    expect(teamMonthQuerySchema.parse({ year: '2003', month: '2' })).toEqual({ year: 2003, month: 2 });
  });

  it.each([
    [{ month: '7' }, YEAR_TEXT],
    [{ year: '', month: '7' }, YEAR_TEXT],
    [{ year: 'abc', month: '7' }, YEAR_TEXT],
    [{ year: '2025' }, MONTH_TEXT],
    [{ year: '2025', month: '0' }, MONTH_TEXT],
    [{ year: '2025', month: '13' }, MONTH_TEXT],
    [{ year: '2025', month: '1.5' }, MONTH_TEXT],
    [{ year: '1999', month: '12' }, 'year must be between 2000 and next year'],
  ])('refuses %p with %p', (value, message) => {
    expect(messages(teamMonthQuerySchema, value)[0]).toBe(message);
  });
});

describe('teamPayAllSchema (Pay All Outstanding)', () => {
  it('accepts a member, a year and a month', () => {
    expect(teamPayAllSchema.parse({ teamMemberId: ID, year: 2025, month: 12 })).toEqual({
      teamMemberId: ID,
      year: 2025,
      month: 12,
    });
  });

  it.each([
    [{ teamMemberId: 'nope', year: 2025, month: 1 }, TEAM_MEMBER_TEXT],
    [{ year: 2025, month: 1 }, TEAM_MEMBER_TEXT],
    [{ teamMemberId: ID, month: 1 }, YEAR_TEXT],
    [{ teamMemberId: ID, year: '2025', month: 1 }, YEAR_TEXT],
    [{ teamMemberId: ID, year: 2025.5, month: 1 }, YEAR_TEXT],
    [{ teamMemberId: ID, year: 2025 }, MONTH_TEXT],
    [{ teamMemberId: ID, year: 2025, month: 0 }, MONTH_TEXT],
    [{ teamMemberId: ID, year: 2025, month: 13 }, MONTH_TEXT],
    [{ teamMemberId: ID, year: 2025, month: 2.5 }, MONTH_TEXT],
    [{ teamMemberId: ID, year: 2025, month: '7' }, MONTH_TEXT],
  ])('refuses %p with %p', (value, message) => {
    expect(messages(teamPayAllSchema, value)).toEqual([message]);
  });

  it('refuses unknown fields', () => {
    expect(teamPayAllSchema.safeParse({ teamMemberId: ID, year: 2025, month: 1, amount: 1 }).success).toBe(
      false,
    );
  });
});

describe('undoBulkSchema (Undo Bulk Payment)', () => {
  it('accepts 1 to 500 review ids', () => {
    expect(undoBulkSchema.parse({ reviewIds: [ID, ID2] })).toEqual({ reviewIds: [ID, ID2] });
    expect(undoBulkSchema.safeParse({ reviewIds: Array.from({ length: 500 }, () => ID) }).success).toBe(true);
  });

  it.each([
    [{}, 'reviewIds must be a list of review ids'],
    [{ reviewIds: ID }, 'reviewIds must be a list of review ids'],
    [{ reviewIds: null }, 'reviewIds must be a list of review ids'],
    [{ reviewIds: [] }, 'reviewIds must name at least one review'],
    [{ reviewIds: Array.from({ length: 501 }, () => ID) }, 'reviewIds may name at most 500 reviews'],
    [{ reviewIds: ['not-an-id'] }, 'reviewIds must be review ids'],
    [{ reviewIds: [ID, 42] }, 'reviewIds must be review ids'],
  ])('refuses %p with %p', (value, message) => {
    expect(messages(undoBulkSchema, value)[0]).toBe(message);
  });

  it('refuses unknown fields', () => {
    expect(undoBulkSchema.safeParse({ reviewIds: [ID], all: true }).success).toBe(false);
  });
});

describe('googleReviewUrl', () => {
  it('makes the Google write-a-review link from a Place ID', () => {
    expect(googleReviewUrl('ChIJN1t_tDeuEmsRUsoyG83frY4')).toBe(
      'https://search.google.com/local/writereview?placeid=ChIJN1t_tDeuEmsRUsoyG83frY4',
    );
    expect(googleReviewUrl('  ChIJN1t_tDeuEmsRUsoyG83frY4 ')).toBe(
      'https://search.google.com/local/writereview?placeid=ChIJN1t_tDeuEmsRUsoyG83frY4',
    );
  });

  it('encodes a Place ID so that it cannot add parameters of its own', () => {
    expect(googleReviewUrl('abc&x=1 y')).toBe(
      'https://search.google.com/local/writereview?placeid=abc%26x%3D1%20y',
    );
  });

  it('keeps a full link as it is', () => {
    expect(googleReviewUrl('https://g.page/r/CabcDEF123/review')).toBe('https://g.page/r/CabcDEF123/review');
    expect(googleReviewUrl(' https://search.google.com/local/writereview?placeid=XYZ ')).toBe(
      'https://search.google.com/local/writereview?placeid=XYZ',
    );
    expect(googleReviewUrl('HTTPS://g.page/r/abc/review')).toBe('HTTPS://g.page/r/abc/review');
  });

  it('is null when no link is set', () => {
    expect(googleReviewUrl(null)).toBeNull();
    expect(googleReviewUrl('')).toBeNull();
    expect(googleReviewUrl('   ')).toBeNull();
  });
});

describe('googleReviewLinkSchema (Settings: the Google button)', () => {
  it('keeps a Place ID or a full link (trimmed); blank or null is none', () => {
    expect(googleReviewLinkSchema.parse(' ChIJN1t_tDeuEmsRUsoyG83frY4 ')).toBe('ChIJN1t_tDeuEmsRUsoyG83frY4');
    expect(googleReviewLinkSchema.parse('https://g.page/r/CabcDEF123/review')).toBe(
      'https://g.page/r/CabcDEF123/review',
    );
    expect(googleReviewLinkSchema.parse('')).toBeNull();
    expect(googleReviewLinkSchema.parse('   ')).toBeNull();
    expect(googleReviewLinkSchema.parse(null)).toBeNull();
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(document.cookie)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'ftp://example.com/review',
    'https://localhost/review',
    'www.google.com/review',
    'short',
    'has spaces in the id',
    '<script>alert(1)</script>',
    'ChIJN1t_tDeuEmsRUsoyG83frY4"onmouseover="x',
  ])('refuses %p with the Place ID hint', (value) => {
    expect(messages(googleReviewLinkSchema, value)).toEqual([GOOGLE_REVIEW_LINK_TEXT]);
  });

  it('refuses a value that is not text, and anything over 500 characters', () => {
    expect(messages(googleReviewLinkSchema, 42)).toEqual([GOOGLE_REVIEW_LINK_TEXT]);
    expect(messages(googleReviewLinkSchema, `https://g.page/${'a'.repeat(500)}`)[0]).toBe(
      'The link must be at most 500 characters',
    );
  });

  it('is what PATCH /api/settings accepts for googleReviewLink', () => {
    expect(updateSettingsSchema.parse({ googleReviewLink: 'ChIJN1t_tDeuEmsRUsoyG83frY4' })).toEqual({
      googleReviewLink: 'ChIJN1t_tDeuEmsRUsoyG83frY4',
    });
    expect(updateSettingsSchema.safeParse({ googleReviewLink: 'javascript:alert(1)' }).success).toBe(false);
  });
});

describe('trustpilotReviewLinkSchema (Settings: the Trustpilot button)', () => {
  it('keeps a full link (trimmed); blank or null is none', () => {
    expect(trustpilotReviewLinkSchema.parse(' https://uk.trustpilot.com/evaluate/clinic.co.uk ')).toBe(
      'https://uk.trustpilot.com/evaluate/clinic.co.uk',
    );
    expect(trustpilotReviewLinkSchema.parse('')).toBeNull();
    expect(trustpilotReviewLinkSchema.parse(null)).toBeNull();
  });

  it.each([
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'uk.trustpilot.com/evaluate/clinic.co.uk',
    'ChIJN1t_tDeuEmsRUsoyG83frY4',
    'https://localhost/x',
    42,
  ])('refuses %p', (value) => {
    expect(messages(trustpilotReviewLinkSchema, value)).toEqual([OFFER_LINK_TEXT]);
  });

  it('is what PATCH /api/settings accepts for trustpilotReviewLink', () => {
    expect(updateSettingsSchema.parse({ trustpilotReviewLink: '' })).toEqual({ trustpilotReviewLink: null });
    expect(updateSettingsSchema.safeParse({ trustpilotReviewLink: 'javascript:alert(1)' }).success).toBe(
      false,
    );
  });
});
