import {
  Body,
  Button,
  Container,
  Head,
  Hr,
  Html,
  Img,
  Link,
  Preview,
  Section,
  Text,
} from '@react-email/components';
import type { ReactNode } from 'react';
import type { Clinic } from '@/lib/clinic';
import { telHref } from '@/lib/format';

/**
 * Every message's frame (issue 17): the clinic's name and logo on its colour, the body, and a footer with who
 * sent it and, for messages a person may turn off, the unsubscribe link. The logo travels inside the message
 * (cid:logo), so nothing is fetched when it is opened: no tracking pixel, no remote image.
 *
 * Made for phones (issue 29, point 11): without a viewport a phone's browser lays the page out 980 px wide and
 * shows it at 40%; with it, a fluid column (at most 560 px), images that shrink with it and long words (links,
 * email addresses) that wrap, so nothing is wider than the screen at 320 px. The small head style narrows the
 * gutters on phones for the mail apps that read it; the inline styles alone already fit.
 */
export interface LayoutProps {
  clinic: Clinic;
  preview: string;
  hasLogo: boolean;
  unsubscribeUrl?: string | null;
  children: ReactNode;
}

const font = '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, Helvetica, Arial, sans-serif';

/** Phone gutters, for mail apps that honour a head style (Apple Mail, Gmail's apps); inline styles are the base. */
const phoneCss = `
@media only screen and (max-width: 480px) {
  .gutter { padding-left: 16px !important; padding-right: 16px !important; }
  .outer { padding: 12px 0 !important; }
}`;

/** Long unbroken words (a link, an email address) wrap rather than widen the message past the screen. */
export const wrapWords = { overflowWrap: 'anywhere', wordBreak: 'break-word' } as const;

export function Layout({ clinic, preview, hasLogo, unsubscribeUrl, children }: LayoutProps) {
  return (
    <Html lang="en-GB">
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="x-apple-disable-message-reformatting" />
        <meta name="color-scheme" content="light" />
        <meta name="supported-color-schemes" content="light" />
        <style>{phoneCss}</style>
      </Head>
      <Preview>{preview}</Preview>
      <Body
        className="outer"
        style={{
          backgroundColor: '#f4f4f5',
          fontFamily: font,
          margin: 0,
          padding: '24px 0',
          WebkitTextSizeAdjust: '100%',
        }}
      >
        <Container
          style={{
            backgroundColor: '#ffffff',
            borderRadius: 12,
            width: '100%',
            maxWidth: 560,
            overflow: 'hidden',
          }}
        >
          <Section className="gutter" style={{ backgroundColor: clinic.colour, padding: '20px 24px' }}>
            {hasLogo && (
              <Img
                src="cid:logo"
                alt=""
                height={48}
                style={{ display: 'block', marginBottom: 8, maxWidth: '100%', width: 'auto', height: 48 }}
              />
            )}
            <Text style={{ color: '#ffffff', fontSize: 20, fontWeight: 700, margin: 0, ...wrapWords }}>
              {clinic.displayName}
            </Text>
          </Section>
          <Section
            className="gutter"
            style={{
              padding: '8px 24px 16px',
              color: '#18181b',
              fontSize: 16,
              lineHeight: '24px',
              ...wrapWords,
            }}
          >
            {children}
          </Section>
          <Hr style={{ borderColor: '#e4e4e7', margin: 0 }} />
          <Section
            className="gutter"
            style={{ padding: '16px 24px', color: '#52525b', fontSize: 13, lineHeight: '20px', ...wrapWords }}
          >
            <Text style={{ margin: 0 }}>
              {[clinic.displayName, ...clinic.address].join(' · ')}
              {clinic.phone && (
                <>
                  {' · '}
                  <Link
                    href={telHref(clinic.phone)}
                    style={{ color: '#52525b', textDecoration: 'underline' }}
                  >
                    {clinic.phone}
                  </Link>
                </>
              )}
            </Text>
            {unsubscribeUrl && (
              <Text style={{ margin: '8px 0 0' }}>
                Don’t want these emails?{' '}
                <Link href={unsubscribeUrl} style={{ color: '#52525b', textDecoration: 'underline' }}>
                  Unsubscribe
                </Link>
              </Text>
            )}
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

export function Paragraph({ children }: { children: ReactNode }) {
  return <Text style={{ fontSize: 16, lineHeight: '24px', margin: '16px 0' }}>{children}</Text>;
}

export function ActionButton({
  clinic,
  href,
  children,
}: {
  clinic: Clinic;
  href: string;
  children: ReactNode;
}) {
  return (
    <Section style={{ margin: '24px 0' }}>
      <Button
        href={href}
        style={{
          backgroundColor: clinic.colour,
          borderRadius: 8,
          color: '#ffffff',
          fontSize: 16,
          fontWeight: 600,
          padding: '12px 20px',
          textDecoration: 'none',
        }}
      >
        {children}
      </Button>
    </Section>
  );
}

export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Text style={{ fontSize: 16, lineHeight: '24px', margin: '4px 0', ...wrapWords }}>
      <strong>{label}:</strong> {children}
    </Text>
  );
}
