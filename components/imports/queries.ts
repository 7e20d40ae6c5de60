'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpointMutation, endpointQuery, upload } from '@/lib/contract/client';
import * as imports from '@/lib/contract/imports';
import type { ClientImportDto } from '@/lib/dto/imports';

/** How often a running import's progress is asked for on its own page. */
export const RUNNING_POLL_MS = 1_000;
/** How many past imports the page lists. */
export const HISTORY_SIZE = 10;

/** GET /api/imports/{id}: asked for every second while it runs (the data otherwise never goes stale). */
export const importQuery = (id: string) => ({
  ...endpointQuery(imports.get, { params: { id } }),
  refetchInterval: (query: { state: { data?: ClientImportDto } }) =>
    query.state.data?.status === 'running' ? RUNNING_POLL_MS : false,
});

/** GET /api/imports: the recent imports, newest first. */
export const importHistoryQuery = (limit = HISTORY_SIZE) => endpointQuery(imports.list, { query: { limit } });

/** Every change to an import answers it as it is now: the page shows that at once. */
function useShowImport() {
  const qc = useQueryClient();
  return (imp: ClientImportDto) =>
    qc.setQueryData(endpointQuery(imports.get, { params: { id: imp.id } }).queryKey, imp);
}

/** POST /api/imports/clients (multipart): the file read and checked, nothing written yet. */
export function useUploadImport() {
  const show = useShowImport();
  const { mutationKey, meta } = endpointMutation(imports.upload);
  return useMutation({
    mutationKey,
    meta,
    mutationFn: (file: File) => upload(imports.upload, file),
    onSuccess: show,
  });
}

/** PUT /api/imports/{id}/mapping: another column for a field; the preview is made again. */
export function useRemapImport() {
  const show = useShowImport();
  // One change at a time, in the order made: the last answer is the mapping chosen last.
  return useMutation({
    ...endpointMutation(imports.remap),
    scope: { id: 'import-mapping' },
    onSuccess: show,
  });
}

/** POST /api/imports/{id}/start: the import runs as a job. */
export function useStartImport() {
  const show = useShowImport();
  return useMutation({ ...endpointMutation(imports.start), onSuccess: show });
}

/** POST /api/imports/{id}/cancel */
export function useCancelImport() {
  const show = useShowImport();
  return useMutation({ ...endpointMutation(imports.cancel), onSuccess: show });
}

/** POST /api/imports/{id}/undo (full admins) */
export function useUndoImport() {
  const show = useShowImport();
  return useMutation({ ...endpointMutation(imports.undo), onSuccess: show });
}

/** POST /api/imports/{id}/send-cards (full admins) */
export function useSendImportCards() {
  const show = useShowImport();
  return useMutation({ ...endpointMutation(imports.sendCards), onSuccess: show });
}
