import { publicOrigin } from '@/lib/api/origin';
import { route } from '@/lib/api/route';
import { openApi } from '@/lib/contract/public';
import { openApiDocument } from '@/lib/contract/openapi';

let kept: { origin: string; document: ReturnType<typeof openApiDocument> } | undefined;

/** The OpenAPI document of every declared endpoint (issue 30), made once per address. */
export const GET = route(openApi, () => {
  const origin = publicOrigin();
  if (kept?.origin !== origin) kept = { origin, document: openApiDocument(origin) };
  return kept.document as unknown as { openapi: string; paths: Record<string, unknown> };
});
