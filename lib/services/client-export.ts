/**
 * GET /api/clients/export.csv (issue 33, point 7): every client as a CSV, streamed a page at a time.
 */
import 'server-only';
import { appOrigin } from '@/lib/env';
import { cardUrlOf } from '@/lib/card-address';
import { csvStream, type CsvCell } from '@/lib/csv';
import { db } from '@/lib/db';
import { Prisma } from '@/lib/generated/prisma/client';
import { formatDateTime, formatPhone } from '@/lib/format';
import { penceToDecimal } from '@/lib/money';
import { ukDateString } from '@/lib/uk-time';
import type { CsvFile } from './payment-exports';

export const CLIENT_EXPORT_HEADER = [
  'Card number',
  'First name',
  'Last name',
  'Email',
  'Phone',
  'Affiliate company',
  'Practice patient ID',
  'Marketing consent',
  'Consent recorded (UK time)',
  'Card link',
  'Referrals',
  'Owed (GBP)',
  'Added (UK date)',
];

/** Clients read per query: the file is written as they come, never held whole. */
export const CLIENT_EXPORT_PAGE = 1_000;

interface ExportRow {
  id: string;
  cardNumber: string;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  affiliateCompany: string | null;
  externalId: string | null;
  marketingConsent: boolean;
  marketingConsentAt: Date | null;
  cardKey: string;
  referralCount: number;
  owedPence: number;
  createdAt: Date;
}

/** 27/11/2026: the UK date, as a spreadsheet reads it. */
function ukDate(instant: Date): string {
  const [year, month, day] = ukDateString(instant).split('-');
  return `${day}/${month}/${year}`;
}

/**
 * The clients newest first (the clients table's order, on its index), a page at a time by keyset: deleted
 * clients left out, and no bank details read at all.
 */
async function* exportRows(pageSize: number): AsyncGenerator<ExportRow> {
  let after: { createdAt: Date; id: string } | null = null;
  for (;;) {
    const cursor: { createdAt: Date; id: string } | null = after;
    const page: ExportRow[] = await db.$queryRaw<ExportRow[]>`
      SELECT c."id", c."cardNumber", c."firstName", c."lastName", c."email", c."phone", c."affiliateCompany",
             c."externalId", c."marketingConsent", c."marketingConsentAt", c."cardKey", c."referralCount",
             c."createdAt",
             coalesce((SELECT sum(coalesce(r."rewardPence", 0)) FROM "referrals" r
                       WHERE r."referrerId" = c."id" AND r."status" = 'Payment Due' AND NOT r."rewardPaid"),
                      0)::int AS "owedPence"
      FROM "clients" c
      WHERE c."deletedAt" IS NULL
        AND ${cursor ? Prisma.sql`(c."createdAt", c."id") < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)` : Prisma.sql`TRUE`}
      ORDER BY c."createdAt" DESC, c."id" DESC
      LIMIT ${pageSize}`;
    yield* page;
    if (page.length < pageSize) return;
    const last: ExportRow = page[page.length - 1]!;
    after = { createdAt: last.createdAt, id: last.id };
  }
}

export function exportRow(c: ExportRow, origin: string): CsvCell[] {
  return [
    c.cardNumber,
    c.firstName,
    c.lastName,
    c.email,
    c.phone ? formatPhone(c.phone) : '',
    c.affiliateCompany,
    c.externalId,
    c.marketingConsent ? 'Yes' : 'No',
    c.marketingConsentAt ? formatDateTime(c.marketingConsentAt) : '',
    cardUrlOf(origin, c),
    c.referralCount,
    penceToDecimal(c.owedPence),
    ukDate(c.createdAt),
  ];
}

/**
 * The file: a download named clients-YYYY-MM-DD.csv (the UK date). Cells beginning =, +, - or @ are written
 * with a leading apostrophe (lib/csv.ts), so no spreadsheet runs them. The card links are built on APP_URL,
 * as every link the app hands out.
 */
export function clientsExportCsv(now = new Date(), pageSize = CLIENT_EXPORT_PAGE): CsvFile {
  const origin = appOrigin();
  async function* rows() {
    for await (const c of exportRows(pageSize)) yield exportRow(c, origin);
  }
  return { filename: `clients-${ukDateString(now)}.csv`, body: csvStream(CLIENT_EXPORT_HEADER, rows()) };
}
