import 'server-only';
import { bacsText, bankFileSortCode, heldBadgeText } from '@/lib/bank-details';
import { csvAmount, csvStream, toCsv, type CsvCell } from '@/lib/csv';
import type { BankFilePreviewDto, BankFileSummary, PaymentGroupDto } from '@/lib/dto/payments';
import { formatDateTime } from '@/lib/format';
import { AUDIT_ACTION_LABELS, isPaymentAction } from '@/lib/payment-audit';
import { ukDateString } from '@/lib/uk-time';
import { MONTH_NAMES } from '@/lib/period';
import { allAuditEntries, allMonthGroups, owedPerClient } from './payments';
import { penceToDecimal, toPence, toPounds } from '@/lib/money';
import type { BankFilePayee } from './payments';

export interface CsvFile {
  filename: string;
  /** The whole file, or its bytes as they are made. */
  body: string | ReadableStream<Uint8Array>;
  headers?: Record<string, string>;
}

/** What the report says about a client's bank details: a hold waiting for approval, an account shared. */
function bankNote(g: PaymentGroupDto): string {
  const notes: string[] = [];
  if (g.bankDetailsHeldAt) notes.push(heldBadgeText(g.bankDetailsChangedBy ?? 'staff', g.bankDetailsHeldAt));
  if (g.sharedBankDetailsWith.length) {
    notes.push(`Same bank account as ${g.sharedBankDetailsWith.join(', ')}`);
  }
  return notes.join('; ');
}

/**
 * The month's payments as a report for the clinic (a spreadsheet, not a bank upload: it names the referred
 * friends, who are patients, and lists paid rows too; GET /api/payments/bank-file.csv is the bank's file).
 * One line per conversion: the client, their bank details, the amount in plain pounds, the card number, whether
 * it is still owed, the friend and when the story started, and a note when the client's bank details are held
 * for approval or shared with another client.
 */
export function monthlyReportCsv(year: number, month: number): CsvFile {
  const header = [
    'Client',
    'Sort code',
    'Account number',
    'Amount (GBP)',
    'Card number',
    'Status',
    'Referral',
    `Story started (UK time) in ${MONTH_NAMES[month - 1]} ${year}`,
    'Bank details',
  ];
  // Streamed a page of clients at a time (issue 19): a busy month's file is never held whole in memory.
  async function* rows() {
    for await (const g of allMonthGroups(year, month)) yield* groupRows(g);
  }
  return {
    // Named for what it is (issue 29, point 9): the month's report, not a file for the bank.
    filename: `referral-report-${year}-${String(month).padStart(2, '0')}.csv`,
    body: csvStream(header, rows()),
  };
}

function groupRows(g: PaymentGroupDto): CsvCell[][] {
  return g.payments.map((p) => [
    g.clientName,
    g.sortCode,
    g.accountNumber,
    csvAmount(p.rewardAmount),
    g.cardNumber,
    p.paid ? 'Paid' : 'Owed',
    p.name,
    formatDateTime(p.convertedAt),
    bankNote(g),
  ]);
}

/** The whole payment audit log, newest first: payments, and changes and approvals of bank details. */
export async function auditLogCsv(now = new Date()): Promise<CsvFile> {
  const rows = [];
  for await (const e of allAuditEntries()) {
    rows.push([
      formatDateTime(e.timestamp),
      AUDIT_ACTION_LABELS[e.action] ?? e.action,
      e.clientName,
      e.referralName,
      isPaymentAction(e.action) ? csvAmount(e.amount) : '',
      e.performedBy,
      e.details ?? '',
    ]);
  }
  return {
    filename: `payment-audit-log-${ukDateString(now)}.csv`,
    body: toCsv(
      ['Date and time (UK)', 'Action', 'Client', 'Referral', 'Amount (GBP)', 'Performed by', 'Details'],
      rows,
    ),
  };
}

/** The bank file's columns, in the order UK business banks' bulk-payment templates share. */
export const BANK_FILE_HEADER = ['Account name', 'Sort code', 'Account number', 'Amount', 'Reference'];

/**
 * GET /api/payments/bank-file.csv: a bulk payment of everything owed now, across all months, one line per
 * payee with the sum. Columns: the account holder's name (Bacs form: upper case, 18 characters at most; the
 * client's name for details saved before the account name was asked for), the sort code as 6 digits, the
 * 8-digit account number, the amount in pounds with 2 decimals, and the client's card number as the reference
 * (17 characters, within Bacs' 18). Nothing else: no friend's (patient's) name, no paid rows. Clients whose bank
 * details are held for approval, and clients without bank details, are left out; how many of each is in the
 * X-Bank-File-* headers, which the Payments tab shows after the download. One header row of column names; plain
 * ASCII with no byte-order mark and no quotes (every value is digits or Bacs characters), CRLF line ends.
 */
/**
 * Who the bank file pays and who it leaves out, and why: the one decision behind both the file and its preview
 * (issue 29, point 9), so that what is said before the download is what the download holds.
 */
function bankFilePlan(owed: BankFilePayee[]) {
  const summary: BankFileSummary = { payees: 0, total: 0, heldClients: 0, withoutBankDetails: 0 };
  const payees: (BankFilePayee & { sortCode: string; accountNumber: string })[] = [];
  const leftOut: BankFilePreviewDto['leftOut'] = [];
  let totalPence = 0;
  for (const p of owed) {
    if (p.held) {
      summary.heldClients += 1;
      leftOut.push({
        clientId: p.clientId,
        clientName: p.clientName,
        reason: 'held',
        owed: toPounds(p.owedPence),
      });
    } else if (!p.sortCode || !p.accountNumber) {
      summary.withoutBankDetails += 1;
      leftOut.push({
        clientId: p.clientId,
        clientName: p.clientName,
        reason: 'no-bank-details',
        owed: toPounds(p.owedPence),
      });
    } else {
      summary.payees += 1;
      totalPence += p.owedPence;
      payees.push({ ...p, sortCode: p.sortCode, accountNumber: p.accountNumber });
    }
  }
  summary.total = toPounds(totalPence);
  return { summary, payees, leftOut };
}

/** GET /api/payments/bank-file: what the bank file would hold now, and who it leaves out and why. */
export async function bankFilePreview(): Promise<BankFilePreviewDto> {
  const { summary, leftOut } = bankFilePlan(await owedPerClient());
  return { ...summary, leftOut };
}

export async function bankFileCsv(now = new Date()): Promise<CsvFile & { summary: BankFileSummary }> {
  const { summary, payees } = bankFilePlan(await owedPerClient());
  const lines = [BANK_FILE_HEADER.join(',')];
  for (const p of payees) {
    lines.push(
      [
        bacsText(p.accountName ?? p.clientName),
        bankFileSortCode(p.sortCode),
        p.accountNumber,
        penceToDecimal(p.owedPence),
        bacsText(p.cardNumber),
      ].join(','),
    );
  }
  return {
    filename: `bank-payments-${ukDateString(now)}.csv`,
    body: `${lines.join('\r\n')}\r\n`,
    headers: {
      'X-Bank-File-Payees': String(summary.payees),
      'X-Bank-File-Total': penceToDecimal(toPence(summary.total)),
      'X-Bank-File-Held': String(summary.heldClients),
      'X-Bank-File-Without-Details': String(summary.withoutBankDetails),
    },
    summary,
  };
}

export function csvResponse(file: CsvFile): Response {
  return new Response(file.body, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${file.filename}"`,
      'Cache-Control': 'no-store',
      ...file.headers,
    },
  });
}
