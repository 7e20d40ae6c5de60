import type { Clinic } from '@/lib/clinic';
import { ActionButton, Fact, Layout, Paragraph } from './layout';

/**
 * The staff account emails (issue 31): an invitation, a forgotten-password link and a sign-in from a browser
 * not seen before. They answer something the person or the clinic did, so they carry no unsubscribe link and
 * cannot be turned off. A link's token travels encrypted in the outbox row until it is sent (then only its hash
 * stays); links are built on APP_URL.
 */
interface Common {
  clinic: Clinic;
  hasLogo: boolean;
}

export interface StaffInviteData {
  /** The one-time token, encrypted with the app's key until the message is sent (then removed). */
  tokenEnc?: string;
  expiresAt: string;
  invitedBy: string;
  isFullAdmin: boolean;
}
export interface PasswordResetData {
  tokenEnc?: string;
  expiresAt: string;
}
export interface NewSignInData {
  /** When, UK time, already in words. */
  at: string;
  ip: string;
  /** The browser and system in a few words ('Chrome on Windows'). */
  browser: string;
}

export function StaffInviteEmail({
  clinic,
  hasLogo,
  data,
  link,
  expires,
}: Common & { data: StaffInviteData; link: string; expires: string }) {
  return (
    <Layout clinic={clinic} hasLogo={hasLogo} preview="You have been invited to Smile Referrals">
      <Paragraph>Hello,</Paragraph>
      <Paragraph>
        {data.invitedBy} has invited you to {clinic.displayName}’s Smile Referrals
        {data.isFullAdmin ? ' as a full admin' : ''}. Choose your password to set up your account:
      </Paragraph>
      <ActionButton clinic={clinic} href={link}>
        Choose your password
      </ActionButton>
      <Paragraph>
        The link works once and until {expires}. If you were not expecting this invitation, you can ignore
        this email.
      </Paragraph>
    </Layout>
  );
}

export function PasswordResetEmail({
  clinic,
  hasLogo,
  link,
  expires,
}: Common & { data: PasswordResetData; link: string; expires: string }) {
  return (
    <Layout clinic={clinic} hasLogo={hasLogo} preview="Reset your Smile Referrals password">
      <Paragraph>Hello,</Paragraph>
      <Paragraph>
        Someone asked to reset the password of your Smile Referrals account at {clinic.displayName}. If it was
        you, choose a new password here:
      </Paragraph>
      <ActionButton clinic={clinic} href={link}>
        Choose a new password
      </ActionButton>
      <Paragraph>
        The link works once and for 30 minutes, until {expires}. If you did not ask, you can ignore this
        email: your password stays as it is.
      </Paragraph>
    </Layout>
  );
}

export function NewSignInEmail({
  clinic,
  hasLogo,
  data,
  securityUrl,
}: Common & { data: NewSignInData; securityUrl: string }) {
  return (
    <Layout clinic={clinic} hasLogo={hasLogo} preview="New sign-in to your Smile Referrals account">
      <Paragraph>Hello,</Paragraph>
      <Paragraph>
        Your Smile Referrals account at {clinic.displayName} was just signed in to from a browser it had not
        been used from before.
      </Paragraph>
      <Fact label="When">{data.at}</Fact>
      <Fact label="Browser">{data.browser}</Fact>
      <Fact label="Address">{data.ip}</Fact>
      <Paragraph>
        If this was you, there is nothing to do. If not, change your password and sign out your other sessions
        straight away:
      </Paragraph>
      <ActionButton clinic={clinic} href={securityUrl}>
        Review your sign-ins
      </ActionButton>
    </Layout>
  );
}
