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
}

/** The spec's Payment group (section 3): one client's conversions in the month. */
export interface PaymentGroupDto {
  clientId: string;
  clientName: string;
  cardNumber: string;
  sortCode: string | null;
  accountNumber: string | null;
  payments: PaymentRowDto[];
  totalOwed: number;
  totalPaid: number;
}

/** GET /api/payments/report?year=&month= */
export interface PaymentReportDto {
  year: number;
  month: number;
  groups: PaymentGroupDto[];
  totalOwed: number;
  totalPaid: number;
}

/** POST /api/payments/pay-all */
export interface PayAllResultDto {
  paid: ReferralDto[];
  auditEntries: PaymentAuditEntryDto[];
  /** Pounds paid now. */
  total: number;
}

/** GET /api/payments/audit */
export interface AuditPageDto {
  entries: PaymentAuditEntryDto[];
  /** Pass back as ?cursor= for the next (older) page; null at the end. */
  nextCursor: string | null;
}
