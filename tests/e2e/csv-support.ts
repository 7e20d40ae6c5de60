import { readFile } from 'node:fs/promises';
import { expect, type Download, type Locator, type Page } from '@playwright/test';

/** RFC 4180 as the app writes it: every cell quoted, quotes doubled, CRLF, a byte-order mark first. */
export function parseCsv(text: string): string[][] {
  expect(text.startsWith('\uFEFF'), 'the CSV starts with a UTF-8 byte-order mark').toBe(true);
  const rows: string[][] = [];
  let row: string[] = [];
  let cellText = '';
  let quoted = false;
  const body = text.slice(1);
  for (let i = 0; i < body.length; i += 1) {
    const ch = body[i]!;
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') {
        cellText += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else cellText += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cellText);
      cellText = '';
    } else if (ch === '\r' && body[i + 1] === '\n') {
      row.push(cellText);
      rows.push(row);
      row = [];
      cellText = '';
      i += 1;
    } else cellText += ch;
  }
  expect(row, 'the CSV ends with a line break').toEqual([]);
  return rows;
}

export async function downloadCsv(
  page: Page,
  link: Locator,
): Promise<{ download: Download; rows: string[][] }> {
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  const path = await download.path();
  expect(path).toBeTruthy();
  return { download, rows: parseCsv(await readFile(path!, 'utf8')) };
}
