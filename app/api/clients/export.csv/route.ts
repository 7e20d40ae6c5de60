import { route } from '@/lib/api/route';
import * as imports from '@/lib/contract/imports';
import { clientsExportCsv } from '@/lib/services/client-export';
import { csvResponse } from '@/lib/services/payment-exports';

/** Every client as a CSV (full admins), streamed as it is read. */
export const GET = route(imports.exportClients, async () => csvResponse(clientsExportCsv()));
