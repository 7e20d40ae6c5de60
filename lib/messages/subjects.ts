import { formatPence } from '@/lib/money';

/**
 * Every subject line, with the clinic's name (issue 29, point 11): in a patient's inbox 'Your Referral Reward
 * Card' says nothing about who sent it. The spec's subjects are the base: their words are kept and the name is
 * added. Written when a message is queued, so the messages log shows what went. Until the clinic has a name
 * the spec's subject is used as it is.
 */
function named(clinicName: string | null | undefined): string | null {
  return clinicName?.trim() || null;
}

export function cardSubject(clinicName: string | null | undefined): string {
  const name = named(clinicName);
  return name ? `Your Referral Reward Card from ${name}` : 'Your Referral Reward Card';
}

/** To the clinic's own inbox: the name tells apart the clinics of a group that share one mailbox. */
export function newReferralSubject(friendName: string, clinicName: string | null | undefined): string {
  const name = named(clinicName);
  return name ? `New referral for ${name}: ${friendName}` : `New referral: ${friendName}`;
}

export function thankYouSubject(clinicName: string | null | undefined): string {
  return `Thank you: ${named(clinicName) ?? 'the clinic'} will be in touch`;
}

export function rewardPaidSubject(amountPence: number, clinicName: string | null | undefined): string {
  const name = named(clinicName);
  const base = `We’ve paid your ${formatPence(amountPence)} referral reward`;
  return name ? `${base} from ${name}` : base;
}

export function bankDetailsSubject(clinicName: string | null | undefined): string {
  const name = named(clinicName);
  return name
    ? `Where should we pay your referral reward from ${name}?`
    : 'Where should we pay your referral reward?';
}

/** Issue 29's correction after an undone payment: the name follows, so the sentence stays as it was written. */
export function rewardCorrectionSubject(amountPence: number, clinicName: string | null | undefined): string {
  const name = named(clinicName);
  const base = `Our mistake: your ${formatPence(amountPence)} referral reward has not been paid yet`;
  return name ? `${base} – ${name}` : base;
}

/** Issue 31's staff account emails: the product's name, since a staff member may work for more than one clinic. */
export function staffInviteSubject(clinicName: string | null | undefined): string {
  const name = named(clinicName);
  return name
    ? `You have been invited to Smile Referrals at ${name}`
    : 'You have been invited to Smile Referrals';
}

export const PASSWORD_RESET_SUBJECT = 'Reset your Smile Referrals password';

/** The words. */
export const NEW_SIGN_IN_SUBJECT = 'New sign-in to your Smile Referrals account';
