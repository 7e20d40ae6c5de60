import 'server-only';
import { render, toPlainText } from '@react-email/components';
import type { ReactElement } from 'react';
import { decrypt } from '@/lib/crypto';
import { encryptionKey, appOrigin } from '@/lib/env';
import type { Clinic } from '@/lib/clinic';
import { formatDate, formatDateTime } from '@/lib/format';
import { referralLink, qrPng } from '@/lib/services/qr';
import { UNSUBSCRIBABLE_KINDS, type MessageKindText } from './kinds';
import { oneClickUnsubscribePath, unsubscribePagePath, unsubscribeToken } from './unsubscribe';
import {
  BankDetailsRequestEmail,
  CardIssuedEmail,
  LeadAcknowledgementEmail,
  NewReferralEmail,
  RewardPaidCorrectionEmail,
  RewardPaidEmail,
  type BankDetailsRequestData,
  type CardIssuedData,
  type LeadAcknowledgementData,
  type NewReferralData,
  type RewardPaidCorrectionData,
  type RewardPaidData,
} from './templates/messages';
import {
  NewSignInEmail,
  PasswordResetEmail,
  StaffInviteEmail,
  type NewSignInData,
  type PasswordResetData,
  type StaffInviteData,
} from './templates/staff';

export interface RenderedMessage {
  html: string;
  text: string;
  attachments: { filename: string; content: Buffer; cid: string; contentType: string }[];
  /** The page behind the message's Unsubscribe link, which asks first. */
  unsubscribeUrl: string | null;
  /** The one-click address for the List-Unsubscribe header (RFC 8058): a POST there unsubscribes. */
  oneClickUnsubscribeUrl: string | null;
}

export interface MessageToRender {
  kind: MessageKindText;
  toEmail: string;
  data: Record<string, unknown>;
  /** The client's card address (/card/{token}) for the kinds that link the card. */
  cardPath?: string | null;
}

/** Settings → Security, where a staff member sees their sign-ins and second factors (issue 31). */
export const SECURITY_PATH = '/settings/security';

/** A one-time link's token, held encrypted in the message until it is sent. */
function heldToken(tokenEnc: string | undefined): string {
  if (!tokenEnc) throw new Error('The link of this message is no longer held.');
  return decrypt(tokenEnc, encryptionKey());
}

/** The inbox of new referrals, on the staff dashboard. */
export const INBOX_PATH = '/#new-referrals';

/**
 * Renders a message as HTML and plain text, with the clinic's current name, colour and logo (inline, cid:logo)
 * and every link on APP_URL. The unsubscribe link is there only for kinds a person may turn off.
 */
export async function renderMessage(
  message: MessageToRender,
  clinic: Clinic,
  logo: Buffer | null,
): Promise<RenderedMessage> {
  const origin = appOrigin();
  const attachments: RenderedMessage['attachments'] = [];
  if (logo) attachments.push({ filename: 'logo.png', content: logo, cid: 'logo', contentType: 'image/png' });
  const token = UNSUBSCRIBABLE_KINDS.includes(message.kind)
    ? unsubscribeToken(message.toEmail, message.kind)
    : null;
  const unsubscribeUrl = token ? `${origin}${unsubscribePagePath(token)}` : null;
  const oneClickUnsubscribeUrl = token ? `${origin}${oneClickUnsubscribePath(token)}` : null;
  const common = { clinic, hasLogo: logo !== null, unsubscribeUrl };
  const cardUrl = `${origin}${message.cardPath ?? '/card-lookup'}`;
  let element: ReactElement;
  switch (message.kind) {
    case 'card-issued': {
      const data = message.data as unknown as CardIssuedData;
      const shareUrl = referralLink(origin, data.cardNumber);
      attachments.push({
        filename: 'qr.png',
        content: await qrPng(shareUrl, 300),
        cid: 'qr',
        contentType: 'image/png',
      });
      element = <CardIssuedEmail {...common} data={data} cardUrl={cardUrl} shareUrl={shareUrl} />;
      break;
    }
    case 'new-referral':
      element = (
        <NewReferralEmail
          {...common}
          data={message.data as unknown as NewReferralData}
          inboxUrl={`${origin}${INBOX_PATH}`}
        />
      );
      break;
    case 'lead-acknowledgement':
      element = (
        <LeadAcknowledgementEmail
          {...common}
          data={message.data as unknown as LeadAcknowledgementData}
          privacyUrl={clinic.privacyExternal ? clinic.privacyUrl : `${origin}${clinic.privacyUrl}`}
        />
      );
      break;
    case 'reward-paid':
      element = (
        <RewardPaidEmail {...common} data={message.data as unknown as RewardPaidData} cardUrl={cardUrl} />
      );
      break;
    case 'reward-paid-correction':
      element = (
        <RewardPaidCorrectionEmail
          {...common}
          data={message.data as unknown as RewardPaidCorrectionData}
          cardUrl={cardUrl}
        />
      );
      break;
    case 'bank-details-request': {
      const data = message.data as unknown as BankDetailsRequestData;
      if (!data.tokenEnc) throw new Error('The bank details link of this message is no longer held.');
      const link = `${origin}/bank-details/${decrypt(data.tokenEnc, encryptionKey())}`;
      element = (
        <BankDetailsRequestEmail {...common} data={data} link={link} expires={formatDate(data.expiresAt)} />
      );
      break;
    }
    case 'staff-invite': {
      const data = message.data as unknown as StaffInviteData;
      const link = `${origin}/invite/${heldToken(data.tokenEnc)}`;
      element = (
        <StaffInviteEmail {...common} data={data} link={link} expires={formatDate(data.expiresAt)} />
      );
      break;
    }
    case 'password-reset': {
      const data = message.data as unknown as PasswordResetData;
      const link = `${origin}/reset-password/${heldToken(data.tokenEnc)}`;
      element = (
        <PasswordResetEmail {...common} data={data} link={link} expires={formatDateTime(data.expiresAt)} />
      );
      break;
    }
    case 'new-sign-in':
      element = (
        <NewSignInEmail
          {...common}
          data={message.data as unknown as NewSignInData}
          securityUrl={`${origin}${SECURITY_PATH}`}
        />
      );
      break;
  }
  const html = await render(element);
  // A phone number or email address is its own link: the plain text says it once, not again as tel:/mailto:.
  const text = toPlainText(html, {
    selectors: [
      { selector: 'a[href^="tel:"]', format: 'anchor', options: { ignoreHref: true } },
      { selector: 'a[href^="mailto:"]', format: 'anchor', options: { ignoreHref: true } },
    ],
  });
  return { html, text, attachments, unsubscribeUrl, oneClickUnsubscribeUrl };
}
