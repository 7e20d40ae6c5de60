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
  /**
   * The card's one link (issue 29, point 7): {origin}/card/{first-last}-{cardKey}, the same as `brandedUrl`, so
   * that every screen offers one address (lib/card-address.ts, cardUrlOf). /card/{inviteToken} and links with
   * an earlier spelling of the name still open the card.
   */
  webUrl: string;
  /** {origin}/card/{first-last}-{cardKey}: the readable, ASCII link to the card. */
  brandedUrl: string;
  /** UK numbers in international form (+447700900123); null when none was given. */
  phone: string | null;
  /**
   * The newest card email (issue 29, point 3): when it was asked for, when it went (null while it waits or when
   * it failed) and its state. Null when no card was ever emailed.
   */
  cardEmail: CardEmailDto | null;
  /** Only in GET /api/clients/{id} and PATCH's answer: the latest changes of email and phone, newest first. */
  contactChanges?: ClientChangeDto[];
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

export interface CardEmailDto {
  requestedAt: string;
  sentAt: string | null;
  status: 'unsent' | 'queued' | 'sent' | 'failed' | 'cancelled';
}

/** One entry of a client's contact-change audit (client_changes). */
export interface ClientChangeDto {
  field: 'email' | 'phone';
  from: string | null;
  to: string | null;
  by: string;
  at: string;
}

/** GET /api/app-url: the address every link and card email names (APP_URL), and whether patients can open it. */
export interface AppUrlDto {
  origin: string;
  /** 'unset': APP_URL missing (the app fell back to localhost); 'local': loopback or private; else 'public'. */
  state: 'unset' | 'local' | 'public';
  reachable: boolean;
}
