import { route } from '@/lib/api/route';
import { errorsCsv } from '@/lib/contract/imports';
import { csvStream } from '@/lib/csv';
import { csvResponse } from '@/lib/services/payment-exports';
import { importErrorRows } from '@/lib/services/imports/preview';

/**
 * GET /api/imports/{id}/errors.csv (staff): the rows with errors and the repeated rows, streamed in pages from
 * the database: the file's own cells, then Row and Reason; formula-looking cells neutralised (lib/csv.ts).
 */
export const GET = route(errorsCsv, async ({ params }) => {
  const file = await importErrorRows(params.id);
  return csvResponse({ filename: file.fileName, body: csvStream(file.header, file.rows) });
});
