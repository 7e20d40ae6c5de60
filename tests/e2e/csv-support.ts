import { readFile } from 'node:fs/promises';
import { expect, type Download, type Locator, type Page } from '@playwright/test';
import { parseCsv as parseStrictCsv } from '../support/csv';

/** A CSV the app wrote (lib/csv.ts): a byte-order mark first, then the strict RFC 4180 of tests/support/csv.ts. */
export function parseCsv(text: string): string[][] {
  expect(text.startsWith('\uFEFF'), 'the CSV starts with a UTF-8 byte-order mark').toBe(true);
  return parseStrictCsv(text);
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
