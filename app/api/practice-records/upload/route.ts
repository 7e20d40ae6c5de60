import { createReadStream } from 'node:fs';
import { json, route, validationError } from '@/lib/api/route';
import { uploadRecords } from '@/lib/contract/practice-records';
import { IMPORT_UPLOAD_TEXTS, receiveUpload } from '@/lib/imports/upload';
import { uploadPracticeExport } from '@/lib/services/practice/upload';
import { IMPORT_MAX_BYTES } from '@/lib/validation/imports';
import { practiceUploadFieldsSchema, UPLOAD_READER_TEXTS } from '@/lib/validation/practice-upload';

/**
 * POST /api/practice-records/upload (staff): multipart/form-data with the export in the field `file`, streamed
 * to a temporary file (never past 20 MB), and the fields `kind`, `source`, `mapping` and `commit`. Answers the
 * preview (200, nothing written) or, with `commit=true`, the records taken (201).
 */
export const POST = route(uploadRecords, async ({ req }) => {
  const fields: Record<string, string> = {};
  const file = await receiveUpload(req, {
    field: 'file',
    maxBytes: IMPORT_MAX_BYTES,
    texts: { ...IMPORT_UPLOAD_TEXTS, empty: UPLOAD_READER_TEXTS.empty },
    onField: (name, value) => {
      fields[name] = value;
    },
  });
  try {
    const parsed = practiceUploadFieldsSchema.safeParse(fields);
    if (!parsed.success) throw validationError(parsed.error);
    const { kind, source, mapping, commit } = parsed.data;
    const result = await uploadPracticeExport({
      open: () => createReadStream(file.path, { highWaterMark: 256 * 1024 }),
      fileName: file.fileName,
      kind,
      source,
      mapping,
      commit,
    });
    return commit ? json(result, { status: 201 }) : result;
  } finally {
    await file.remove();
  }
});
