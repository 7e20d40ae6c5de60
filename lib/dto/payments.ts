/** Answers of the Payments & Reporting API (full admins only). Amounts are pounds. */
import type { PaymentAuditEntryDto, ReferralDto } from './referrals';

export type { PaymentAuditEntryDto };

/** GET /api/payments/outstanding: an unpaid Payment Due referral. */
export interface OutstandingPaymentDto {
  referralId: string;
  clientId: string;
  clientName: string;
  referralName: string;
  rewardAmount: number;
  convertedAt: string;
  /** Whole days since the story started. */
  daysSinceConversion: number;
  /** Set while the client's bank details wait for a full admin's approval: it cannot be paid until then. */
  bankDetailsHeldAt: string | null;
  bankDetailsChangedBy: string | null;
  /** Whether the client has bank details on file: 'Paid Now' warns when not (issue 29, point 1). */
  hasBankDetails: boolean;
  /** The account holder's name and the account number's last four digits, for the confirmation. */
  accountName: string | null;
  accountEnding: string | null;
}

/** The spec's Payment row (section 3): one conversion. */
export interface PaymentRowDto {
  id: string;
  clientId: string;
  /** The referral's (lead's) name. */
  name: string;
  rewardAmount: number;
  paid: boolean;
  convertedAt: string;
  paidAt: string | null;
  /**
   * Set when a full admin owed another amount than the reward fixed when the friend was referred (issue 28):
   * the latest such change, from its 'reward_changed' audit entry. Pounds.
   */
  rewardChange: RewardChangeDto | null;
}

/** A full admin's change of a reward's amount, as the payment audit recorded it. */
export interface RewardChangeDto {
  from: number;
  to: number;
  /** The full admin's email. */
  by: string;
  at: string;
}

/** The spec's Payment group (section 3): one client's conversions in the month. */
export interface PaymentGroupDto {
  clientId: string;
  clientName: string;
  cardNumber: string;
  sortCode: string | null;
  accountNumber: string | null;
  /** The account holder's name (null for details saved before it was asked for). */
  accountName: string | null;
  /** Set while the bank details wait for a full admin's approval (the client cannot be paid until then). */
  bankDetailsHeldAt: string | null;
  bankDetailsChangedBy: string | null;
  /** Card numbers of other clients with the same sort code and account number. */
  sharedBankDetailsWith: string[];
  payments: PaymentRowDto[];
  totalOwed: number;
  totalPaid: number;
}

/** GET /api/payments/report?year=&month= */
export interface PaymentReportDto {
  year: number;
  month: number;
  /** A page of the month's clients (limit, default 50), by name; the next page is at nextCursor. */
  groups: PaymentGroupDto[];
  /** The whole month's (£), whichever page this is. */
  totalOwed: number;
  totalPaid: number;
  /** How many clients and conversions the whole month has. */
  clients: number;
  conversions: number;
  nextCursor: string | null;
}

/** POST /api/payments/pay-all */
export interface PayAllResultDto {
  paid: ReferralDto[];
  auditEntries: PaymentAuditEntryDto[];
  /** Pounds paid now. */
  total: number;
}

/** GET /api/payments/bank-file.csv: what the file holds and what it left out (also sent as X-Bank-File-* headers). */
export interface BankFileSummary {
  /** Payees in the file, and the pounds they are paid. */
  payees: number;
  total: number;
  /** Clients owed a reward but left out: bank details held for approval, or no bank details. */
  heldClients: number;
  withoutBankDetails: number;
}

/**
 * GET /api/payments/bank-file (issue 29, point 9): what Download Bank File would hold now, said before it is
 * downloaded: the payees and total, and each client owed a reward who is left out, and why. No bank numbers.
 */
export interface BankFilePreviewDto extends BankFileSummary {
  leftOut: BankFileLeftOutDto[];
}

export interface BankFileLeftOutDto {
  clientId: string;
  clientName: string;
  /** 'held': bank details wait for a full admin's approval; 'no-bank-details': none on file. */
  reason: 'held' | 'no-bank-details';
  /** Pounds owed now. */
  owed: number;
}

/** GET /api/payments/audit */
export interface AuditPageDto {
  entries: PaymentAuditEntryDto[];
  /** Pass back as ?cursor= for the next (older) page; null at the end. */
  nextCursor: string | null;
}
