import 'server-only';
import { createHash } from 'node:crypto';
import { ImageResponse } from 'next/og';
import type { Clinic } from '@/lib/clinic';
import { PreviewCache } from './preview-cache';
import { drawableText } from './preview-text';

/**
 * What each preview says under the clinic's name: nothing about any client. The form's line is the clinic's
 * offer (issue 29: lib/offer.ts formPreviewText), given with the inputs; this one is the spec's default.
 */
export const PREVIEW_LINES = {
  card: { heading: 'Referral Reward Card', text: 'Recommend a friend and earn a cash reward.' },
  form: { heading: 'You have been recommended', text: 'Book your free consultation.' },
  review: { heading: 'How was your visit?', text: 'Leave a review: it only takes a minute.' },
} as const;
export type PreviewKind = keyof typeof PREVIEW_LINES;

export function isPreviewKind(value: string): value is PreviewKind {
  return Object.hasOwn(PREVIEW_LINES, value);
}

/**
 * Three kinds, and a new key only when a full admin changes the clinic's name, colour or logo: a few entries
 * suffice. Each image is about 30-60 KB.
 */
export const previewCache = new PreviewCache(24);

/** Everything the image shows, and nothing else: the cache key and the ETag are a hash of this. */
export interface PreviewInputs {
  kind: PreviewKind;
  name: string;
  colour: string;
  colourDeep: string;
  /** /clinic-logo/{hash}.png: names the logo's content. */
  logoUrl: string | null;
  /** The line under the heading. */
  text: string;
}

/** `formText`: the form's line in the clinic's words (the offer); the other kinds say their fixed line. */
export function previewInputs(kind: PreviewKind, clinic: Clinic, formText?: string): PreviewInputs {
  return {
    kind,
    name: drawableText(clinic.displayName),
    colour: clinic.colour,
    colourDeep: clinic.colourDeep,
    logoUrl: clinic.logoUrl,
    text: drawableText(kind === 'form' && formText ? formText : PREVIEW_LINES[kind].text),
  };
}

export function previewKey(inputs: PreviewInputs): string {
  const { kind, name, colour, colourDeep, logoUrl, text } = inputs;
  return createHash('sha256')
    .update(JSON.stringify(['og-v2', kind, name, colour, colourDeep, logoUrl, text]))
    .digest('base64url')
    .slice(0, 27);
}

/**
 * The 1200 × 630 PNG, drawn by next/og with its bundled font only: the name has already lost every character
 * the font lacks (drawableText), so next/og never reaches for a font or an emoji on the internet.
 */
export async function drawPreview(inputs: PreviewInputs, logo: Buffer | null): Promise<Buffer> {
  const lines = PREVIEW_LINES[inputs.kind];
  const logoSrc = logo ? `data:image/png;base64,${logo.toString('base64')}` : null;
  const image = new ImageResponse(
    <div
      style={{
        width: '100%',
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'space-between',
        padding: 72,
        color: 'white',
        backgroundImage: `linear-gradient(150deg, ${inputs.colour} 0%, ${inputs.colourDeep} 100%)`,
      }}
    >
      <div style={{ display: 'flex', alignItems: 'center', gap: 32 }}>
        {logoSrc && (
          <div
            style={{
              display: 'flex',
              width: 140,
              height: 140,
              borderRadius: 28,
              background: 'white',
              alignItems: 'center',
              justifyContent: 'center',
              padding: 14,
            }}
          >
            {/* eslint-disable-next-line @next/next/no-img-element -- drawn by next/og, not a page */}
            <img src={logoSrc} alt="" width={112} height={112} style={{ objectFit: 'contain' }} />
          </div>
        )}
        <div style={{ fontSize: 64, fontWeight: 700, lineHeight: 1.1, display: 'flex' }}>{inputs.name}</div>
      </div>
      <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
        <div style={{ fontSize: 76, fontWeight: 800, lineHeight: 1.05, display: 'flex' }}>
          {lines.heading}
        </div>
        <div style={{ fontSize: 40, opacity: 0.92, display: 'flex' }}>{inputs.text}</div>
      </div>
    </div>,
    { width: 1200, height: 630 },
  );
  return Buffer.from(await image.arrayBuffer());
}
