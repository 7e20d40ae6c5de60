import { Img, Link, Text } from '@react-email/components';
import type { Clinic } from '@/lib/clinic';
import { formatPence } from '@/lib/money';
import { plainFirstName } from '@/lib/validation/names';
import { formatPhone, telHref } from '@/lib/format';
import type { ThankYouOffer } from '@/lib/messages/thank-you';
import { ActionButton, Fact, Layout, Paragraph, wrapWords } from './layout';

/**
 * The five messages (issue 17), written once as React components and rendered on the server with a plain-text
 * part (lib/messages/render.tsx). `data` is what the outbox row holds; links are built on APP_URL at send time.
 */
export interface CardIssuedData {
  firstName: string;
  cardNumber: string;
  rewardPence: number;
}
export interface NewReferralData {
  friendName: string;
  phone: string | null;
  email: string | null;
  treatment: string | null;
  referrerName: string | null;
  referrerCardNumber: string | null;
  /** Who the friend said referred them, when no client was found. */
  recommendedBy?: string | null;
  /** The card number the friend gave that matched no client. */
  unmatchedCardNumber: string | null;
  selfReferral: boolean;
  manual: boolean;
}
export interface LeadAcknowledgementData {
  /** A plain first name (lib/validation/names.ts), or null: the friend is greeted 'Hello,'. */
  firstName: string | null;
  /**
   * The offer the form showed when the friend sent it (issue 29, point 11), in the clinic's words from its
   * settings; null or absent when the clinic has no offer (and for messages queued before it was kept).
   */
  offer?: ThankYouOffer | null;
}

export interface RewardPaidData {
  firstName: string;
  amountPence: number;
  /** False when the client had no bank details on file (paid another way): the email does not say 'bank'. */
  toBank?: boolean;
  /** The payments it tells of (issue 29): an undo of one of them cancels or corrects this email. */
  paid?: { entry: string; referral: string; pence: number }[];
}
export interface RewardPaidCorrectionData {
  firstName: string;
  /** The amount that was undone. */
  amountPence: number;
  /** The 'reward paid' message it corrects: the sender waits until that one is sent (or not). */
  correctsId: string;
}
export interface BankDetailsRequestData {
  firstName: string;
  /** The one-time token, encrypted with the app's key until the message is sent (then removed). */
  tokenEnc?: string;
  expiresAt: string;
}

interface Common {
  clinic: Clinic;
  hasLogo: boolean;
  unsubscribeUrl?: string | null;
}

export function CardIssuedEmail({
  clinic,
  hasLogo,
  unsubscribeUrl,
  data,
  cardUrl,
  shareUrl,
}: Common & { data: CardIssuedData; cardUrl: string; shareUrl: string }) {
  const reward = formatPence(data.rewardPence);
  return (
    <Layout
      clinic={clinic}
      hasLogo={hasLogo}
      unsubscribeUrl={unsubscribeUrl}
      preview={`Your reward card from ${clinic.displayName}`}
    >
      <Paragraph>Hi {data.firstName},</Paragraph>
      <Paragraph>
        Here is your Referral Reward Card from {clinic.displayName}. Your card number is{' '}
        <strong>{data.cardNumber}</strong>.
      </Paragraph>
      <ActionButton clinic={clinic} href={cardUrl}>
        Open your reward card
      </ActionButton>
      <Paragraph>
        <strong>How it works:</strong> share your card with friends and family. When someone you refer starts
        their smile story with us, we pay you {reward} as a thank-you.
      </Paragraph>
      <Paragraph>Friends can scan this code or use your link:</Paragraph>
      <Img
        src="cid:qr"
        alt={`QR code for card ${data.cardNumber}`}
        width={200}
        height={200}
        style={{ display: 'block', maxWidth: '100%', height: 'auto' }}
      />
      <Paragraph>
        <Link href={shareUrl} style={wrapWords}>
          {shareUrl}
        </Link>
      </Paragraph>
    </Layout>
  );
}

export function NewReferralEmail({
  clinic,
  hasLogo,
  data,
  inboxUrl,
}: Common & { data: NewReferralData; inboxUrl: string }) {
  const referredBy = data.referrerName
    ? `${data.referrerName}${data.referrerCardNumber ? ` (card ${data.referrerCardNumber})` : ''}`
    : data.unmatchedCardNumber
      ? `Card number not found: ${data.unmatchedCardNumber}`
      : 'No referrer given';
  return (
    <Layout clinic={clinic} hasLogo={hasLogo} preview={`New referral: ${data.friendName}`}>
      <Paragraph>A new referral is waiting for a call.</Paragraph>
      <Fact label="Name">{data.friendName}</Fact>
      <Fact label="Phone">
        {data.phone ? <Link href={telHref(data.phone)}>{formatPhone(data.phone)}</Link> : 'Not given'}
      </Fact>
      <Fact label="Email">
        {data.email ? <Link href={`mailto:${data.email}`}>{data.email}</Link> : 'Not given'}
      </Fact>
      <Fact label="Interested in">{data.treatment ?? 'Not given'}</Fact>
      <Fact label="Referred by">{referredBy}</Fact>
      {!data.referrerName && data.recommendedBy && <Fact label="They said">{data.recommendedBy}</Fact>}
      {data.selfReferral && (
        <Paragraph>This friend gave the referrer’s own email: it earns no reward.</Paragraph>
      )}
      {data.manual && <Paragraph>Added by hand by a member of staff.</Paragraph>}
      <ActionButton clinic={clinic} href={inboxUrl}>
        Open the new-referrals inbox
      </ActionButton>
    </Layout>
  );
}

export function LeadAcknowledgementEmail({
  clinic,
  hasLogo,
  data,
  privacyUrl,
}: Common & { data: LeadAcknowledgementData; privacyUrl: string }) {
  // Checked again as it is sent: a message queued before the rule (issue 28, point 7) may hold any text.
  const firstName = plainFirstName(data.firstName);
  return (
    <Layout clinic={clinic} hasLogo={hasLogo} preview={`${clinic.displayName} will be in touch`}>
      <Paragraph>{firstName ? `Hi ${firstName},` : 'Hello,'}</Paragraph>
      <Paragraph>
        Thank you for your details. Someone from {clinic.displayName} will call you soon to talk about your
        smile.
      </Paragraph>
      {data.offer && (
        <>
          <Paragraph>
            Your offer: <strong>{data.offer.headline}</strong>. {data.offer.details}
          </Paragraph>
          {data.offer.terms && (
            <Text style={{ color: '#52525b', fontSize: 14, lineHeight: '21px', margin: '0 0 16px' }}>
              {data.offer.terms}
            </Text>
          )}
        </>
      )}
      {clinic.phone && (
        <Paragraph>
          If you would rather call us, our number is <Link href={telHref(clinic.phone)}>{clinic.phone}</Link>.
        </Paragraph>
      )}
      <Paragraph>
        How we look after your details: <Link href={privacyUrl}>our privacy notice</Link>.
      </Paragraph>
    </Layout>
  );
}

/** Never names the friend or their treatment: a referrer must not learn another person's health data. */
export function RewardPaidEmail({
  clinic,
  hasLogo,
  unsubscribeUrl,
  data,
  cardUrl,
}: Common & { data: RewardPaidData; cardUrl: string }) {
  const amount = formatPence(data.amountPence);
  return (
    <Layout
      clinic={clinic}
      hasLogo={hasLogo}
      unsubscribeUrl={unsubscribeUrl}
      preview={`We’ve paid your ${amount} reward`}
    >
      <Paragraph>Hi {data.firstName},</Paragraph>
      <Paragraph>
        Thank you for recommending {clinic.displayName}. We have paid your referral reward of{' '}
        <strong>{amount}</strong>
        {data.toBank === false
          ? '.'
          : ' to your bank account; it may take a few working days to arrive.'}
      </Paragraph>
      <ActionButton clinic={clinic} href={cardUrl}>
        Open your reward card
      </ActionButton>
    </Layout>
  );
}

/**
 * Issue 29: a payment was undone after its 'reward paid' email went. Short, in the clinic's name, and, like
 * that email, never about the friend.
 */
export function RewardPaidCorrectionEmail({
  clinic,
  hasLogo,
  data,
  cardUrl,
}: Common & { data: RewardPaidCorrectionData; cardUrl: string }) {
  const amount = formatPence(data.amountPence);
  return (
    <Layout clinic={clinic} hasLogo={hasLogo} preview={`Your ${amount} referral reward has not been paid yet`}>
      <Paragraph>Hi {data.firstName},</Paragraph>
      <Paragraph>
        Our mistake: your <strong>{amount}</strong> referral reward has not been paid yet. We told you it had
        been, but the payment was recorded too soon. It is still owed to you, and we will let you know when it is
        on its way.
      </Paragraph>
      <Paragraph>
        We are sorry for the confusion. If you have any questions, just get in touch with {clinic.displayName}.
      </Paragraph>
      <ActionButton clinic={clinic} href={cardUrl}>
        Open your reward card
      </ActionButton>
    </Layout>
  );
}

export function BankDetailsRequestEmail({
  clinic,
  hasLogo,
  data,
  link,
  expires,
}: Common & { data: BankDetailsRequestData; link: string; expires: string }) {
  return (
    <Layout clinic={clinic} hasLogo={hasLogo} preview="Where should we pay your referral reward?">
      <Paragraph>Hi {data.firstName},</Paragraph>
      <Paragraph>
        To pay your referral reward, {clinic.displayName} needs your bank details. Please enter them on our
        secure page:
      </Paragraph>
      <ActionButton clinic={clinic} href={link}>
        Enter your bank details
      </ActionButton>
      <Paragraph>
        The link works once and until {expires}. We will never ask for your bank details by phone or in a
        reply to this email.
      </Paragraph>
    </Layout>
  );
}
