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

/**
 * Every message's frame (issue 17): the clinic's name and logo on its colour, the body, and a footer with who
 * sent it and, for messages a person may turn off, the unsubscribe link. The logo travels inside the message
 * (cid:logo), so nothing is fetched when it is opened: no tracking pixel, no remote image.
 */
export interface LayoutProps {
  clinic: Clinic;
  preview: string;
  hasLogo: boolean;
  unsubscribeUrl?: string | null;
  children: ReactNode;
}

const font = '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, Helvetica, Arial, sans-serif';

export function Layout({ clinic, preview, hasLogo, unsubscribeUrl, children }: LayoutProps) {
  return (
    <Html lang="en-GB">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={{ backgroundColor: '#f4f4f5', fontFamily: font, margin: 0, padding: '24px 0' }}>
        <Container
          style={{ backgroundColor: '#ffffff', borderRadius: 12, maxWidth: 560, overflow: 'hidden' }}
        >
          <Section style={{ backgroundColor: clinic.colour, padding: '20px 28px' }}>
            {hasLogo && (
              <Img
                src="cid:logo"
                alt=""
                height={48}
                style={{ display: 'block', marginBottom: 8, maxWidth: 200 }}
              />
            )}
            <Text style={{ color: '#ffffff', fontSize: 20, fontWeight: 700, margin: 0 }}>
              {clinic.displayName}
            </Text>
          </Section>
          <Section style={{ padding: '8px 28px 16px', color: '#18181b', fontSize: 16, lineHeight: '24px' }}>
            {children}
          </Section>
          <Hr style={{ borderColor: '#e4e4e7', margin: 0 }} />
          <Section style={{ padding: '16px 28px', color: '#52525b', fontSize: 13, lineHeight: '20px' }}>
            <Text style={{ margin: 0 }}>
              {[clinic.displayName, ...clinic.address].join(' · ')}
              {clinic.phone ? ` · ${clinic.phone}` : ''}
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
    <Text style={{ fontSize: 15, lineHeight: '22px', margin: '4px 0' }}>
      <strong>{label}:</strong> {children}
    </Text>
  );
}
