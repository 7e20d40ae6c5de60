import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import './globals.css';

export const metadata: Metadata = {
  title: { default: 'Smile Referrals', template: '%s | Smile Referrals' },
  description:
    'Referral reward cards and rewards for reviews for UK dental and cosmetic smile clinics: staff register clients, track referrals and pay rewards.',
};

export const viewport: Viewport = {
  width: 'device-width',
  initialScale: 1,
};

export default function RootLayout({ children }: Readonly<{ children: ReactNode }>) {
  return (
    <html lang="en-GB">
      <body className="min-h-dvh font-sans antialiased">
        {/* Nothing here that every page would download: the staff app's tooltips and toasts live in its own
            layout, so the public pages a patient opens on a phone load only what they use (issue 19). */}
        {children}
      </body>
    </html>
  );
}
