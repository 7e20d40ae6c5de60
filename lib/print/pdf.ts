import 'server-only';
import fs from 'node:fs';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { drawableText } from '@/lib/og/preview-text';

/**
 * Drawing helpers shared by the printed pieces (issue 29, point 13): the page, the font, text that fits its box,
 * the clinic's header and a vector QR code. pdfkit writes the PDF; every size here is in points (1/72 inch).
 */

/** ISO 216 page sizes in points, as pdfkit and every printer driver read them. */
export const PAGE_SIZES = {
  a6: [297.64, 419.53],
  a4: [595.28, 841.89],
} as const;
export type PageFormat = keyof typeof PAGE_SIZES;

/**
 * Geist Regular, the font the app already ships for its preview images (next/og's copy, installed with Next):
 * it covers Latin with its accents (Siobhán, Zoë, Ó Súilleabháin), Greek and Cyrillic. pdfkit embeds only the
 * glyphs a document uses. Characters it lacks are left out before drawing (drawableText, the same table the
 * previews use), so a name in another script prints what it can instead of empty boxes, and never fails.
 */
const FONT_FILE = path.join(process.cwd(), 'node_modules/next/dist/compiled/@vercel/og/Geist-Regular.ttf');
const FONT = 'Geist';
let fontBytes: Buffer | null = null;
const geist = () => (fontBytes ??= fs.readFileSync(FONT_FILE));

export const INK = '#1f2937';
export const MUTED = '#4b5563';

export interface PdfMeta {
  title: string;
  author: string;
  subject: string;
}

/** A one-page document of `format`, with the font registered and its text language en-GB. */
export function newDocument(format: PageFormat, meta: PdfMeta): PDFKit.PDFDocument {
  const doc = new PDFDocument({
    size: [...PAGE_SIZES[format]],
    margin: 0,
    lang: 'en-GB',
    displayTitle: true,
    info: { Title: drawable(meta.title), Author: drawable(meta.author), Subject: meta.subject },
  });
  doc.registerFont(FONT, geist());
  doc.font(FONT);
  return doc;
}

/** The finished document's bytes. */
export function toBuffer(doc: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

/** Text as the embedded font can draw it (see FONT_FILE). */
export const drawable = (text: string) => drawableText(text);

interface TextBox {
  x: number;
  y: number;
  width: number;
  /** Largest and smallest font size: the text shrinks until it fits in maxLines. */
  size: number;
  minSize?: number;
  maxLines?: number;
  color?: string;
  align?: 'left' | 'center' | 'right';
  /** Heavier strokes for headings: Geist ships one weight, so the outline is drawn over the fill. */
  bold?: boolean;
  lineGap?: number;
}

/** The size and height `text` takes in its box: the largest size from `size` down to `minSize` within maxLines. */
export function measureText(
  doc: PDFKit.PDFDocument,
  text: string,
  box: Omit<TextBox, 'x' | 'y'>,
): { value: string; size: number; height: number } {
  const value = drawable(text);
  if (!value) return { value, size: box.size, height: 0 };
  const maxLines = box.maxLines ?? 1;
  const minSize = box.minSize ?? box.size;
  const lineGap = box.lineGap ?? 0;
  const fits = (size: number) => {
    doc.fontSize(size);
    const lines =
      doc.heightOfString(value, { width: box.width, lineGap }) / (doc.currentLineHeight(true) + lineGap);
    // A word wider than the box would be broken inside itself: shrink for it too.
    return Math.round(lines) <= maxLines && doc.widthOfString(longestWord(value)) <= box.width;
  };
  let size = box.size;
  while (size > minSize && !fits(size)) size = Math.max(minSize, size - 0.5);
  doc.fontSize(size);
  const height = Math.min(
    doc.heightOfString(value, { width: box.width, lineGap }),
    maxLines * (doc.currentLineHeight(true) + lineGap),
  );
  return { value, size, height };
}

/**
 * Draws `text` in its box at the largest size that fits (measureText; at `minSize` the rest is cut with an
 * ellipsis). Returns the y below it. The clinic writes its own wording, so nothing here assumes a length.
 */
export function fitText(doc: PDFKit.PDFDocument, text: string, box: TextBox): number {
  const { value, size, height } = measureText(doc, text, box);
  if (!value) return box.y;
  doc.save();
  doc.fontSize(size);
  if (box.bold) doc.lineWidth(size / 40).strokeColor(box.color ?? INK);
  doc.fillColor(box.color ?? INK).text(value, box.x, box.y, {
    width: box.width,
    height: height + 1,
    align: box.align ?? 'center',
    lineGap: box.lineGap ?? 0,
    ellipsis: '…',
    fill: true,
    stroke: Boolean(box.bold),
  });
  doc.restore();
  return box.y + height;
}

const longestWord = (text: string) => text.split(/\s+/).reduce((a, b) => (b.length > a.length ? b : a), '');

/**
 * A QR code of `text` drawn as vector squares (sharp at any print size), in a white square of `size` points with
 * a quiet zone of four modules, the standard's margin for printed codes. Same content and error correction (M)
 * as the app's PNG codes (lib/services/qr.ts). Dark modules of a row are joined into one rectangle, so no
 * viewer or printer shows hairline gaps between them.
 */
export function drawQr(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number): void {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const quiet = 4;
  const cell = size / (modules.size + quiet * 2);
  doc.save();
  doc.rect(x, y, size, size).fill('#ffffff');
  for (let row = 0; row < modules.size; row++) {
    let col = 0;
    while (col < modules.size) {
      if (!modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < modules.size && modules.get(row, col)) col++;
      // A hair of overlap downwards closes the seam between rows that anti-aliasing would otherwise show.
      doc.rect(x + (start + quiet) * cell, y + (row + quiet) * cell, (col - start) * cell, cell + 0.05);
    }
  }
  doc.fill('#000000');
  doc.restore();
}

export interface Brand {
  name: string;
  colour: string;
  colourDeep: string;
  logoPng: Buffer | null;
}

/**
 * The clinic's band across the top of the page: its colour (white text on it reaches 4.5:1, lib/colour.ts),
 * the logo on a white tile (a logo is drawn for a light background), and its name. Returns the band's height.
 */
export function drawHeader(doc: PDFKit.PDFDocument, brand: Brand, scale: number): number {
  const width = doc.page.width;
  const height = 72 * scale;
  const pad = 16 * scale;
  const gradient = doc.linearGradient(0, 0, width, height);
  gradient.stop(0, brand.colour).stop(1, brand.colourDeep);
  doc.rect(0, 0, width, height).fill(gradient);
  let textX = pad;
  if (brand.logoPng) {
    const tile = height - pad * 2 + 8 * scale;
    const tileY = (height - tile) / 2;
    const inset = 5 * scale;
    doc.roundedRect(pad, tileY, tile * 1.6, tile, 6 * scale).fill('#ffffff');
    try {
      doc.image(brand.logoPng, pad + inset, tileY + inset, {
        fit: [tile * 1.6 - inset * 2, tile - inset * 2],
        align: 'center',
        valign: 'center',
      });
    } catch {
      // A logo pdfkit cannot read (it was checked as an image on upload): the page still prints, without it.
    }
    textX = pad + tile * 1.6 + 12 * scale;
  }
  const box = {
    width: width - textX - pad,
    size: 20 * scale,
    minSize: 11 * scale,
    maxLines: 2,
    color: '#ffffff',
    align: 'left' as const,
    bold: true,
  };
  const { height: textHeight } = measureText(doc, brand.name, box);
  fitText(doc, brand.name, { ...box, x: textX, y: (height - textHeight) / 2 });
  return height;
}
