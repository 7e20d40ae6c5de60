/**
 * Reads a PDF as a printer and a phone would (issue 29, point 13): pdf-lib opens it and gives each page's size,
 * pdfjs-dist extracts each page's text and draws the first page, and jsqr decodes the QR code it shows.
 * The PDF comes on standard input; the answer is JSON on standard output. A child process of its own, since
 * pdfjs-dist is an ES module only, which Jest's test files cannot import.
 */
import jsQR from 'jsqr';
import { PDFDocument } from 'pdf-lib';
import { createCanvas } from '@napi-rs/canvas';
import 'pdfjs-dist/legacy/build/pdf.worker.mjs'; // the worker's code in this process: pdfjs uses it from globalThis
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const bytes = Buffer.concat(chunks);

const parsed = await PDFDocument.load(bytes);
const pages = parsed.getPages().map((page) => page.getSize());
const doc = await getDocument({ data: new Uint8Array(bytes), disableFontFace: true, verbosity: 0 }).promise;
const texts = [];
for (let n = 1; n <= doc.numPages; n++) {
  const content = await (await doc.getPage(n)).getTextContent();
  texts.push(content.items.map((item) => item.str ?? '').join(' '));
}
// 3 × 72 = 216 dpi: the page as a phone's camera sees the paper, well enough to read the code.
const page = await doc.getPage(1);
const viewport = page.getViewport({ scale: 3 });
const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
const context = canvas.getContext('2d');
await page.render({ canvasContext: context, canvas, viewport }).promise;
const image = context.getImageData(0, 0, canvas.width, canvas.height);
const qr = jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data ?? null;
await doc.destroy();
// The fonts it embeds, by name (their dictionaries are not compressed).
const fonts = [...bytes.toString('latin1').matchAll(/\/BaseFont\s*\/([^\s/>]+)/g)].map((m) => m[1]);
process.stdout.write(JSON.stringify({ pages, text: texts.join(' ').replace(/\s+/g, ' '), qr, fonts }));
