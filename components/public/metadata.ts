import 'server-only';
import { createHash } from 'node:crypto';
import type { Metadata } from 'next';
import type { Clinic } from '@/lib/clinic';
import { appOrigin } from '@/lib/env';

/** The preview images drawn by app/og/[page]: one per kind of public page, never naming a client. */
export type PreviewKind = 'card' | 'form' | 'review';

/**
 * A public page's title, description and link preview (Open Graph and Twitter card tags) in the clinic's name,
 * with its preview image. Addresses are built on APP_URL, never on the request. The image's address carries a
 * version of what it draws (name, colour, logo), so a messenger that cached the old one fetches the new one.
 * Nothing here may name a client: the previews show only the clinic.
 */
export function publicPageMetadata({
  clinic,
  title,
  description,
  image,
  imageVersion,
}: {
  clinic: Clinic;
  title: string;
  description: string;
  image: PreviewKind;
  /** Anything else the image draws (the form's offer line, issue 29), so that a change gives a new address. */
  imageVersion?: string;
}): Metadata {
  const origin = appOrigin();
  const version = createHash('sha256')
    .update(
      JSON.stringify([
        clinic.displayName,
        clinic.colour,
        clinic.logoUrl,
        ...(imageVersion ? [imageVersion] : []),
      ]),
    )
    .digest('hex')
    .slice(0, 12);
  const imageUrl = `${origin}/og/${image}?v=${version}`;
  const images = [{ url: imageUrl, width: 1200, height: 630, alt: clinic.displayName }];
  return {
    metadataBase: new URL(origin),
    title: { absolute: title },
    description,
    applicationName: clinic.displayName,
    openGraph: { type: 'website', siteName: clinic.displayName, title, description, images, locale: 'en_GB' },
    twitter: { card: 'summary_large_image', title, description, images: [imageUrl] },
    formatDetection: { telephone: false },
  };
}
