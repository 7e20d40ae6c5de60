/**
 * The payments endpoints' declarations (issue 30): see lib/contract/endpoint.ts. Each export is one endpoint;
 * lib/contract/index.ts gathers them for /api/openapi.json. Payments & Reporting is for full admins only; the
 * reception poster (any staff) is declared here too, under 'Print'.
 */
import {
  auditPageSchema,
  bankFilePreviewSchema,
  outstandingPaymentSchema,
  payAllResultSchema,
  paymentReportSchema,
} from '@/lib/dto/payments';
import {
  auditQuerySchema,
  outstandingQuerySchema,
  payAllSchema,
  reportMonthSchema,
  reportQuerySchema,
} from '@/lib/validation/payments';
import { endpoint } from './endpoint';
import { FACTOR_403, RECENT_FACTOR_403 } from './second-factor-errors';

const UK_MONTH =
  '`year` and `month` (1 to 12) name a UK calendar month (a conversion at 23:30 on 31 July in London is ' +
  'July’s); the year is from the first report year to next year.';

const BANK_FILE_COLUMNS =
  'Columns: Account name (Bacs form: upper case, at most 18 characters; the client’s name for details saved ' +
  'before the account name was asked for), Sort code (6 digits), Account number (8 digits), Amount (pounds, ' +
  'two decimals), Reference (the client’s card number).';

export const report = endpoint({
  method: 'GET',
  path: '/api/payments/report',
  access: 'admin',
  tag: 'Payments',
  area: 'payments',
  summary: 'The monthly payment report: a UK month’s conversions (Story Started) grouped by client.',
  description:
    `${UK_MONTH} A page of clients at a time, by name (\`limit\` 1 to 200, default 50; \`cursor\` is the ` +
    'previous page’s `nextCursor`); the totals owed and paid and the counts of clients and conversions are ' +
    'the whole month’s, whichever page this is. Each client’s group holds their bank details (decrypted), ' +
    'whether those wait for approval, the card numbers of other clients with the same account, and each ' +
    'conversion with its friend’s name, amount, paid state and any change of the reward by a full admin.',
  query: reportQuerySchema,
  response: paymentReportSchema,
  errors: { 403: FACTOR_403 },
});

export const reportCsv = endpoint({
  method: 'GET',
  path: '/api/payments/report.csv',
  access: 'admin',
  tag: 'Payments',
  area: 'payments',
  summary: 'The monthly payment report as a CSV file for the clinic (not the bank’s upload).',
  description:
    `${UK_MONTH} A download named \`referral-report-YYYY-MM.csv\`, one line per conversion, paid and owed ` +
    'alike, for the clinic’s own records: it names the referred friends (patients), so it is not for the ' +
    'bank (that is GET /api/payments/bank-file.csv). Columns: Client, Sort code, Account number, Amount (GBP), ' +
    'Card number, Status (Paid or Owed), Referral (the friend), Story started (UK time) in {Month YYYY}, ' +
    'Bank details (a note when the details wait for approval or are shared with another client).',
  query: reportMonthSchema,
  produces: 'csv',
  errors: { 403: FACTOR_403 },
});

export const outstanding = endpoint({
  method: 'GET',
  path: '/api/payments/outstanding',
  access: 'admin',
  tag: 'Payments',
  area: 'payments',
  summary: 'Every reward owed now (unpaid Payment Due referrals), oldest conversion first.',
  description:
    'Across all months, with whole UK days since the story started. Paged (`limit` 1 to 500, default 100; ' +
    '`cursor` from X-Next-Cursor); X-Total-Count is how many rewards are owed and X-Total-Amount what they ' +
    'come to in pounds. Of the client’s bank details only whether they are on file, whether they wait for ' +
    'approval (such a reward cannot be paid until then), the account holder’s name and the account number’s ' +
    'last four digits are answered.',
  query: outstandingQuerySchema,
  response: outstandingPaymentSchema,
  paged: true,
});

export const payAll = endpoint({
  method: 'POST',
  path: '/api/payments/pay-all',
  access: 'admin',
  tag: 'Payments',
  area: 'payments',
  summary: '‘Pay All Outstanding’: marks every unpaid conversion of one client in one UK month paid.',
  description:
    'All or nothing, in one transaction: each referral gets its own `payment_marked` audit entry (who, when, ' +
    'how much), and the client is sent one ‘reward paid’ email for them all once the clinic’s undo window ' +
    '(Settings, `paidEmailDelayMinutes`) has passed. A concurrent payment waits, then finds nothing left to ' +
    'pay; nothing owed that month answers 200 with nothing paid and a total of 0.',
  body: payAllSchema,
  response: payAllResultSchema,
  errors: {
    403: RECENT_FACTOR_403,
    404: 'No such client, or the client was deleted (their unpaid rewards were cancelled with them).',
    409: 'The client’s bank details were changed and wait for a full admin’s approval (`code: "bank_details_held"`); nothing is paid.',
  },
  invalidates: ['payments', 'clients', 'referrals', 'messages', 'insights'],
});

export const audit = endpoint({
  method: 'GET',
  path: '/api/payments/audit',
  access: 'admin',
  tag: 'Payments',
  area: 'payments',
  summary:
    'The payment audit log, newest first: payments, their undoing, reward changes, bank-details changes.',
  description:
    'A page at a time (`limit` 1 to 200, default 50); pass `nextCursor` back as `cursor` for the next, older ' +
    'page (null at the end). Entries are never changed or deleted; bank-details entries show numbers masked ' +
    'to their last digits.',
  query: auditQuerySchema,
  response: auditPageSchema,
  errors: { 400: 'The cursor is not one this log gave.' },
});

export const auditCsv = endpoint({
  method: 'GET',
  path: '/api/payments/audit.csv',
  access: 'admin',
  tag: 'Payments',
  area: 'payments',
  summary: 'The whole payment audit log as a CSV file, newest first.',
  description:
    'A download named `payment-audit-log-YYYY-MM-DD.csv` (the UK date). Columns: Date and time (UK), Action, ' +
    'Client, Referral, Amount (GBP; blank for bank-details entries), Performed by (the email), Details.',
  produces: 'csv',
});

export const bankFilePreview = endpoint({
  method: 'GET',
  path: '/api/payments/bank-file',
  access: 'admin',
  tag: 'Payments',
  area: 'payments',
  summary: 'What the bank file would hold now, said before it is downloaded.',
  description:
    'How many payees and how much, and each client owed a reward whom the file leaves out and why: bank ' +
    'details waiting for a full admin’s approval, or none on file. The same decision the file itself is made ' +
    'by (GET /api/payments/bank-file.csv). No bank numbers.',
  response: bankFilePreviewSchema,
  errors: { 403: RECENT_FACTOR_403 },
});

export const bankFileCsv = endpoint({
  method: 'GET',
  path: '/api/payments/bank-file.csv',
  access: 'admin',
  tag: 'Payments',
  area: 'payments',
  summary: 'The bank payment file: everything owed now, one line per payee, for a bulk payment.',
  description:
    'A download named `bank-payments-YYYY-MM-DD.csv` (the UK date) for the bulk-payment upload of the ' +
    'bank’s online banking: every reward owed now, across all months, summed per client. ' +
    `${BANK_FILE_COLUMNS} One header row; plain ASCII with no byte-order mark and no quotes; CRLF line ends. ` +
    'No friend’s (patient’s) name and no paid rows. Clients whose bank details wait for approval and clients ' +
    'without bank details are left out: X-Bank-File-Payees, X-Bank-File-Total (pounds), X-Bank-File-Held and ' +
    'X-Bank-File-Without-Details say how many. Downloading pays nothing: rewards are marked paid separately.',
  produces: 'csv',
  errors: { 403: RECENT_FACTOR_403 },
});

export const referralPoster = endpoint({
  method: 'GET',
  path: '/api/print/referral-poster',
  access: 'staff',
  tag: 'Print',
  summary: 'The referral programme’s A4 poster for reception, as a PDF.',
  description:
    'A download named `referral-poster-a4-{clinic}.pdf`: the clinic’s name, logo and colours, the reward and ' +
    'offer words from the Offer settings, the clinic’s contact details, and a QR code of the public ' +
    'recommendation form (its address is also in the X-QR-Address header). Never cached: it changes with the ' +
    'settings.',
  produces: 'pdf',
});
