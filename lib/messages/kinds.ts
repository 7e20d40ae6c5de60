import type { MessageKind } from '@/lib/generated/prisma/enums';

/**
 * The messages the app sends (issue 17) and how the API and the pages name them. Safe for the browser.
 */
export const SWITCHABLE_KINDS = [
  'card-issued',
  'new-referral',
  'lead-acknowledgement',
  'reward-paid',
  'bank-details-request',
  'reward-paid-correction',
] as const;
export type SwitchableKind = (typeof SWITCHABLE_KINDS)[number];

/**
 * Staff account emails (issue 31): an invitation, a forgotten-password link, a sign-in from a new browser. The
 * clinic cannot turn them off in Settings (an invitation or a reset must arrive, and a warning that someone
 * signed in must not be silenced by whoever signed in), and they carry no unsubscribe link.
 */
export const STAFF_KINDS = ['staff-invite', 'password-reset', 'new-sign-in'] as const;
export type StaffKind = (typeof STAFF_KINDS)[number];

/** Every kind the messages log holds: the clinic's messages to its clients and friends, then staff emails. */
export const MESSAGE_KINDS = [...SWITCHABLE_KINDS, ...STAFF_KINDS] as const;
export type MessageKindText = (typeof MESSAGE_KINDS)[number];

/** cancelled: a 'reward paid' email whose payment was undone while it waited (issue 29); never sent. */
export const MESSAGE_STATUSES = ['unsent', 'queued', 'sent', 'failed', 'cancelled'] as const;
export type MessageStatusText = (typeof MESSAGE_STATUSES)[number];

export const MESSAGE_KIND_LABELS: Record<MessageKindText, string> = {
  'card-issued': 'Card sent to a client',
  'new-referral': 'New referral, to the clinic',
  'lead-acknowledgement': 'Thank-you to a referred friend',
  'reward-paid': 'Reward paid, to the client',
  'bank-details-request': 'Bank details request, to the client',
  'reward-paid-correction': 'Reward not paid after all, to the client',
  'staff-invite': 'Invitation, to a new member of staff',
  'password-reset': 'Password reset link, to a member of staff',
  'new-sign-in': 'New sign-in warning, to a member of staff',
};

/** What each kind is for, on the settings page (only the kinds a clinic may turn off are there). */
export const MESSAGE_KIND_HINTS: Record<SwitchableKind, string> = {
  'card-issued': 'The client’s card link and QR code, when staff send it.',
  'new-referral': 'To the clinic email of the profile, for every new lead from the form.',
  'lead-acknowledgement': 'Tells a friend who filled in the form that the clinic will be in touch.',
  'reward-paid': 'Tells the client their reward was paid. It never names the friend.',
  'bank-details-request': 'A one-time link for the client to enter their bank details.',
  'reward-paid-correction':
    'Says a reward is not paid yet after all, when a payment is undone after its “reward paid” email went.',
};

export const MESSAGE_STATUS_LABELS: Record<MessageStatusText, string> = {
  unsent: 'Not sent',
  queued: 'Queued',
  sent: 'Sent',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

/**
 * Kinds a person can turn off with the link in the message: the others answer their own request (the friend's
 * form, the bank details staff asked them for) and carry no unsubscribe link.
 */
export const UNSUBSCRIBABLE_KINDS: readonly MessageKindText[] = ['card-issued', 'reward-paid'];

/** What a message kept without a mail server says (lastError). */
export const NO_MAIL_SERVER_TEXT = 'not sent: no mail server set up';

export const isSwitchableKind = (kind: string): kind is SwitchableKind =>
  (SWITCHABLE_KINDS as readonly string[]).includes(kind);

export const toKindEnum = (kind: MessageKindText) => kind.replaceAll('-', '_') as MessageKind;
export const fromKindEnum = (kind: string) => kind.replaceAll('_', '-') as MessageKindText;
