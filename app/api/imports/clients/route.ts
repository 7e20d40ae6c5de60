import { createReadStream } from 'node:fs';
import { route } from '@/lib/api/route';
import { upload } from '@/lib/contract/imports';
import { IMPORT_UPLOAD_TEXTS, receiveUpload } from '@/lib/imports/upload';
import { previewUpload } from '@/lib/services/imports/preview';
import { IMPORT_MAX_BYTES } from '@/lib/validation/imports';

/**
 * POST /api/imports/clients (staff): multipart/form-data with the file in the field `file`, streamed to a
 * temporary file (never past 20 MB), then read, mapped and checked (lib/services/imports/preview.ts). Answers
 * the preview (201); nothing is written to the clients.
 */
export const POST = route(upload, async ({ req, user }) => {
  const file = await receiveUpload(req, {
    field: 'file',
    maxBytes: IMPORT_MAX_BYTES,
    texts: IMPORT_UPLOAD_TEXTS,
  });
  try {
    return await previewUpload({
      open: () => createReadStream(file.path, { highWaterMark: 256 * 1024 }),
      fileName: file.fileName,
      user,
    });
  } finally {
    await file.remove();
  }
});
