/**
 * Shapes the API answers with, shared by the route handlers (which build them) and the pages (which read
 * them). Types only: safe to import from the browser.
 */
import type { ReferralDto } from './referrals';

/** The spec's Client (section 3) as the dashboard receives it. Bank details only for full admins. */
export interface ClientDto {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  cardNumber: string;
  inviteToken: string;
  /** {origin}/card/{inviteToken} */
  webUrl: string;
  /** {origin}/card/{BrandedSlug}: the readable link to the same card. */
  brandedUrl: string;
  affiliateCompany: string | null;
  createdAt: string;
  /** Every referral naming this client (kept by the database, whatever has been loaded). */
  referralCount: number;
  /**
   * Newest first, at most 100 (the rest through GET /api/referrals?clientId=). Absent when the list was asked
   * for without them (`referrals=false`), as the dashboard does: it loads a client's referrals on expanding.
   */
  referrals?: ReferralDto[];
  hasBankDetails: boolean;
  /**
   * What the clinic owes the client now, in pounds (Story Started, unpaid): only in GET /api/clients/{id}, for
   * the delete dialog, which says that this much will be cancelled.
   */
  owedAmount?: number;
  bacsRequested: boolean;
  bacsRequestedAt: string | null;
  /**
   * Set while a change of bank details by someone other than a full admin waits for a full admin's approval:
   * the client's rewards cannot be paid until then. Who made the change (email) beside it.
   */
  bankDetailsHeldAt: string | null;
  bankDetailsChangedBy: string | null;
  /**
   * Full admins only, while details are held: the held change's id, which an approval names (POST
   * /api/admin/clients/{id}/bank-details/approve { changeId }), so it approves only the details shown.
   */
  bankDetailsChangeId?: string | null;
  /** Full admins only: the stored details. */
  sortCode?: string | null;
  accountNumber?: string | null;
  /** The account holder's name (null for details saved before it was asked for). */
  accountName?: string | null;
  /** Full admins only: card numbers of other clients with the same sort code and account number. */
  sharedBankDetailsWith?: string[];
}

/**
 * The newer held change of bank details that a refused approval answers with (409 bank_details_changed_again),
 * masked as the audit keeps it.
 */
export interface PendingBankChange {
  changeId: string | null;
  sortCode: string | null;
  accountNumber: string | null;
  accountName: string | null;
  changedBy: string;
  heldAt: string;
}
