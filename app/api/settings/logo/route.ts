import { HttpError } from '@/lib/api/errors';
import { readBodyBytes, route } from '@/lib/api/route';
import { removeLogo, uploadLogo } from '@/lib/contract/settings';
import { deleteLogo, LOGO_MAX_BYTES, LOGO_SIZE_TEXT, LOGO_TYPE_TEXT, setLogo } from '@/lib/services/settings';

/** A little over the logo's limit, for the multipart wrapping around it. */
const MAX_REQUEST_BYTES = LOGO_MAX_BYTES + 64 * 1024;

/**
 * POST /api/settings/logo (full admins): multipart/form-data with the image in the field `logo` (PNG, JPEG or
 * WebP, at most 2 MB). Stored re-encoded (lib/services/settings.ts); answers the settings with the new logoUrl.
 */
export const POST = route(uploadLogo, async ({ req, user }) => {
  if (Number(req.headers.get('content-length') ?? '0') > MAX_REQUEST_BYTES) {
    throw new HttpError(400, LOGO_SIZE_TEXT);
  }
  if (!/^multipart\/form-data\b/i.test(req.headers.get('content-type') ?? '')) {
    throw new HttpError(400, 'Send the logo as multipart/form-data in the field "logo".');
  }
  let file: FormDataEntryValue | null;
  try {
    // Read as it streams and never past the cap: a chunked upload has no Content-Length to check first.
    const body = await readBodyBytes(req, MAX_REQUEST_BYTES);
    const type = req.headers.get('content-type') ?? '';
    file = (await new Response(new Uint8Array(body), { headers: { 'content-type': type } }).formData()).get(
      'logo',
    );
  } catch (error) {
    if (error instanceof HttpError && error.status === 413) throw new HttpError(400, LOGO_SIZE_TEXT);
    throw new HttpError(400, 'Send the logo as multipart/form-data in the field "logo".');
  }
  if (!(file instanceof Blob) || file.size === 0) throw new HttpError(400, 'Choose a logo to upload.');
  if (file.size > LOGO_MAX_BYTES) throw new HttpError(400, LOGO_SIZE_TEXT);
  if (file.type && !['image/png', 'image/jpeg', 'image/webp'].includes(file.type)) {
    throw new HttpError(400, LOGO_TYPE_TEXT);
  }
  return setLogo(Buffer.from(await file.arrayBuffer()), user.email);
});

/** DELETE /api/settings/logo (full admins): the public pages go back to the clinic's name alone. */
export const DELETE = route(removeLogo, ({ user }) => deleteLogo(user.email));
