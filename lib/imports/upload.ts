/**
 * A multipart upload received as a stream (issue 33): busboy reads the request's body as it arrives and the
 * file's bytes go straight to a temporary file, never past `maxBytes` (413 as soon as they pass it, before the
 * rest is read; a declared Content-Length over the cap is refused before reading anything). The caller reads
 * the file from disk as often as it needs and calls `remove()` at the end.
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import busboy from 'busboy';
import { HttpError } from '@/lib/api/errors';
import { EMPTY_FILE_TEXT } from './detect';

/** Room for the multipart wrapping (boundaries, the part's headers, a few small fields) around the file. */
export const MULTIPART_SLACK_BYTES = 64 * 1024;

/** The import's upload (POST /api/imports/clients). */
export const IMPORT_UPLOAD_TEXTS: UploadTexts = {
  tooLarge:
    'The file is larger than 20 MB. Split it into smaller files (or leave out columns not needed) and upload each.',
  notMultipart: 'Send the file as multipart/form-data in the field “file”.',
  noFile: 'Choose a CSV or Excel (.xlsx) file to upload.',
  empty: EMPTY_FILE_TEXT,
};

export interface ReceivedFile {
  path: string;
  fileName: string;
  size: number;
  remove: () => Promise<void>;
}

export interface UploadTexts {
  tooLarge: string;
  notMultipart: string;
  noFile: string;
  /** A file part with no bytes. */
  empty: string;
}

export async function receiveUpload(
  req: Request,
  options: {
    field: string;
    maxBytes: number;
    texts: UploadTexts;
    onField?: (name: string, value: string) => void;
  },
): Promise<ReceivedFile> {
  const { field, maxBytes, texts } = options;
  if (Number(req.headers.get('content-length') ?? '0') > maxBytes + MULTIPART_SLACK_BYTES) {
    throw new HttpError(413, texts.tooLarge);
  }
  const type = req.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\b/i.test(type) || !req.body) throw new HttpError(400, texts.notMultipart);

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': type },
      limits: { files: 1, fileSize: maxBytes, fields: 20, fieldSize: 64 * 1024, parts: 30 },
    });
  } catch {
    throw new HttpError(400, texts.notMultipart);
  }
  const folder = await mkdtemp(join(tmpdir(), 'client-import-'));
  const path = join(folder, 'upload');
  const remove = () => rm(folder, { recursive: true, force: true });

  try {
    const body = Readable.fromWeb(req.body as unknown as WebReadableStream<Uint8Array>);
    const received = await new Promise<{ fileName: string; size: number } | null>((resolve, reject) => {
      let file: Promise<{ fileName: string; size: number }> | null = null;
      parser.on('file', (name, stream, info) => {
        if (name !== field || file) {
          stream.resume();
          return;
        }
        let size = 0;
        let truncated = false;
        stream.on('data', (chunk: Buffer) => {
          size += chunk.length;
        });
        stream.on('limit', () => {
          // Past the cap: answered now, the rest of the body left unread (as readBodyBytes does).
          truncated = true;
          body.unpipe(parser);
          stream.destroy();
          reject(new HttpError(413, texts.tooLarge));
        });
        file = pipeline(stream, createWriteStream(path)).then(() => {
          if (truncated) throw new HttpError(413, texts.tooLarge);
          return { fileName: info.filename ?? '', size };
        });
        // Settled with the whole body below; a failure of its own is not left unhandled meanwhile.
        file.catch(() => undefined);
      });
      parser.on('field', (name: string, value: string) => options.onField?.(name, value));
      parser.on('error', () => reject(new HttpError(400, texts.notMultipart)));
      parser.on('close', () => {
        if (!file) resolve(null);
        else file.then(resolve, reject);
      });
      body.on('error', () =>
        reject(new HttpError(400, 'The upload was cut off before it finished: try again.')),
      );
      body.pipe(parser);
    });
    if (!received) throw new HttpError(400, texts.noFile);
    if (received.size === 0) throw new HttpError(400, texts.empty);
    return { path, fileName: received.fileName, size: received.size, remove };
  } catch (error) {
    await remove();
    throw error;
  }
}
