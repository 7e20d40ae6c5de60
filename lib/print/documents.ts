import 'server-only';
import {
  drawHeader,
  drawQr,
  fitText,
  INK,
  measureText,
  MUTED,
  newDocument,
  PAGE_SIZES,
  toBuffer,
  type Brand,
  type PageFormat,
} from './pdf';

/** The words every member's card and poster carries (issue 29, point 13). */
export const SCAN_TO_REVIEW_TEXT = 'Scan to review us';

export interface ClinicContact {
  phone: string | null;
  website: string | null;
  address: string[];
}

/** 'https://www.clinic.co.uk/' → 'www.clinic.co.uk': how a website is written on paper. */
export const websiteOnPaper = (url: string) => url.replace(/^https?:\/\//i, '').replace(/\/$/, '');

/** The clinic's phone, website and address in one line, for the foot of a page; '' when none is set. */
export function contactLine(contact: ClinicContact): string {
  return [contact.phone, contact.website && websiteOnPaper(contact.website), contact.address.join(', ')]
    .filter(Boolean)
    .join('   ·   ');
}

/** `hex` mixed towards white: a light tint for panels (`amount` 0.9 is 90% white). */
export function tint(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const mix = (c: number) => Math.round(c + (255 - c) * amount);
  return `#${[(n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff].map((c) => mix(c).toString(16).padStart(2, '0')).join('')}`;
}

function drawFooter(doc: PDFKit.PDFDocument, brand: Brand, contact: ClinicContact, scale: number): void {
  const { width, height } = doc.page;
  const strip = 6 * scale;
  doc.rect(0, height - strip, width, strip).fill(brand.colour);
  const line = contactLine(contact);
  if (line) {
    fitText(doc, line, {
      x: 16 * scale,
      y: height - strip - 26 * scale,
      width: width - 32 * scale,
      size: 8 * scale,
      minSize: 6 * scale,
      color: MUTED,
    });
  }
}

export interface MemberPrintInput {
  format: PageFormat;
  brand: Brand;
  contact: ClinicContact;
  memberName: string;
  /** The member's review page: what the QR holds, written under it. */
  reviewUrl: string;
}

/**
 * A team member's review card: A6 for the reception counter, A4 as a poster for a treatment room (the same
 * layout at twice the size). The clinic's band, 'Scan to review us', the member's name, the QR code of their
 * review page (vector, about 6.7 cm wide on the card) and that address in small print under it, so a code
 * made for the wrong address is seen before it is put up.
 */
export async function memberPrintPdf(input: MemberPrintInput): Promise<Buffer> {
  const scale = input.format === 'a4' ? 2 : 1;
  const doc = newDocument(input.format, {
    title: `${SCAN_TO_REVIEW_TEXT}: ${input.memberName}`,
    author: input.brand.name,
    subject: `Review QR code of ${input.memberName} (${input.reviewUrl})`,
  });
  const width = PAGE_SIZES[input.format][0];
  const margin = 20 * scale;
  let y = drawHeader(doc, input.brand, scale) + 18 * scale;
  y = fitText(doc, SCAN_TO_REVIEW_TEXT, {
    x: margin,
    y,
    width: width - margin * 2,
    size: 26 * scale,
    minSize: 16 * scale,
    bold: true,
    color: INK,
  });
  y += 6 * scale;
  y = fitText(doc, input.memberName, {
    x: margin,
    y,
    width: width - margin * 2,
    size: 17 * scale,
    minSize: 10 * scale,
    maxLines: 2,
    color: input.brand.colourDeep,
  });
  y += 8 * scale;
  const qr = 190 * scale;
  drawQr(doc, input.reviewUrl, (width - qr) / 2, y, qr);
  y += qr;
  fitText(doc, input.reviewUrl, {
    x: margin,
    y,
    width: width - margin * 2,
    size: 7 * scale,
    minSize: 5 * scale,
    maxLines: 2,
    color: MUTED,
  });
  drawFooter(doc, input.brand, input.contact, scale);
  return toBuffer(doc);
}

export interface ReferralPosterInput {
  brand: Brand;
  contact: ClinicContact;
  /** What a referrer earns in the clinic's words, e.g. '£200 cash per referral'. */
  reward: string;
  /** The friend's offer in the clinic's words; null when the clinic makes none. */
  offer: { headline: string; details: string; terms: string } | null;
  /** Where a patient starts: the recommendation form (see lib/services/print.ts). */
  formUrl: string;
}

export const POSTER_KICKER_TEXT = 'Recommend us to a friend';
export const POSTER_FRIEND_TEXT = 'Recommended by a friend?';
export const POSTER_SCAN_TEXT = 'Scan to tell us who recommended you.';
export const POSTER_CARD_TEXT =
  'Ask at reception for your Referral Reward Card: it holds your own link to share with friends and family.';

/**
 * The referral programme's A4 poster for reception. Existing patients read the promise (the reward in the
 * clinic's words) and are told to ask for their card; a friend who was recommended reads the offer (headline,
 * details and terms, in the clinic's words) and scans the code to the recommendation form, where they can say
 * who sent them.
 */
export async function referralPosterPdf(input: ReferralPosterInput): Promise<Buffer> {
  const scale = 1.6;
  const doc = newDocument('a4', {
    title: `${POSTER_KICKER_TEXT}: ${input.reward}`,
    author: input.brand.name,
    subject: `Referral programme poster (${input.formUrl})`,
  });
  const [width] = PAGE_SIZES.a4;
  const margin = 44;
  const inner = width - margin * 2;
  let y = drawHeader(doc, input.brand, scale) + 40;

  y = fitText(doc, POSTER_KICKER_TEXT, { x: margin, y, width: inner, size: 18, color: MUTED });
  y += 8;
  // The promise on one line when it fits at a poster's size, else on two.
  const promise = `Earn ${input.reward}`;
  const oneLine = measureText(doc, promise, { width: inner, size: 44, minSize: 32 });
  const fitsOneLine = doc.fontSize(oneLine.size).widthOfString(oneLine.value) <= inner;
  y = fitText(doc, promise, {
    x: margin,
    y,
    width: inner,
    ...(fitsOneLine ? { size: 44, minSize: 32 } : { size: 44, minSize: 24, maxLines: 2 }),
    bold: true,
    color: input.brand.colourDeep,
  });
  y += 14;
  y = fitText(doc, POSTER_CARD_TEXT, {
    x: margin + 20,
    y,
    width: inner - 40,
    size: 15,
    minSize: 12,
    maxLines: 3,
    lineGap: 3,
    color: INK,
  });
  y += 36;

  // The friend's panel: their offer on the left, the code to the form on the right.
  const pad = 24;
  const qr = 220;
  const qrX = margin + inner - pad - qr;
  const textX = margin + pad;
  const textWidth = qrX - textX - pad;
  const friend = { width: textWidth, align: 'left' as const };
  const parts = [
    {
      text: POSTER_FRIEND_TEXT,
      box: { ...friend, size: 20, minSize: 14, bold: true, color: INK },
      after: 10,
    },
    ...(input.offer
      ? [
          {
            text: input.offer.headline,
            box: { ...friend, size: 26, minSize: 15, maxLines: 3, bold: true, color: input.brand.colourDeep },
            after: 10,
          },
          {
            text: input.offer.details,
            box: { ...friend, size: 12, minSize: 9, maxLines: 8, lineGap: 2, color: INK },
            after: 14,
          },
        ]
      : []),
    {
      text: POSTER_SCAN_TEXT,
      box: { ...friend, size: 14, minSize: 10, maxLines: 2, bold: true, color: INK },
      after: 0,
    },
  ];
  const textHeight = parts.reduce(
    (sum, part) => sum + measureText(doc, part.text, part.box).height + part.after,
    0,
  );
  const qrBlock = qr + 30;
  const panelHeight = Math.max(textHeight, qrBlock) + pad * 2;
  doc.roundedRect(margin, y, inner, panelHeight, 14).fill(tint(input.brand.colour, 0.9));
  const qrY = y + (panelHeight - qrBlock) / 2;
  drawQr(doc, input.formUrl, qrX, qrY, qr);
  fitText(doc, input.formUrl, {
    x: qrX - 12,
    y: qrY + qr + 4,
    width: qr + 24,
    size: 8,
    minSize: 6,
    maxLines: 2,
    color: MUTED,
  });
  let ty = y + (panelHeight - textHeight) / 2;
  for (const part of parts) ty = fitText(doc, part.text, { ...part.box, x: textX, y: ty }) + part.after;
  y += panelHeight + 20;

  if (input.offer?.terms) {
    fitText(doc, input.offer.terms, {
      x: margin,
      y,
      width: inner,
      size: 9,
      minSize: 7,
      maxLines: 5,
      lineGap: 1.5,
      align: 'left',
      color: MUTED,
    });
  }
  drawFooter(doc, input.brand, input.contact, scale);
  return toBuffer(doc);
}
