import type { Metadata, Viewport } from 'next';
import { connection } from 'next/server';
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

export default async function RootLayout({ children }: Readonly<{ children: ReactNode }>) {
  // Every page is rendered for its request, never prerendered: Next.js puts the nonce of the request's
  // Content-Security-Policy (proxy.ts) on its scripts only while rendering, and a prerendered page's scripts,
  // without one, would not run (issue 28 point 15).
  await connection();
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
