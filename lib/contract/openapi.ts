/**
 * GET /api/openapi.json (issue 30, point 3): an OpenAPI 3.1 document generated from every endpoint's
 * declaration by zod-openapi (the schemas are the ones the handlers parse with and answer by), with each
 * endpoint's access rule.
 */
import { z } from 'zod';
import {
  createDocument,
  type ZodOpenApiOperationObject,
  type ZodOpenApiPathsObject,
  type ZodOpenApiResponsesObject,
} from 'zod-openapi';
import { SESSION_COOKIE } from '@/lib/auth/session-cookie';
import { producesOf, statusOf, type Access, type EndpointSpec } from './endpoint';
import { errorBodySchema } from './errors';
import { allEndpoints } from './index';

/** Where the document is served (app/api/openapi.json/route.ts). */
export const OPENAPI_PATH = '/api/openapi.json';

export const ACCESS_TEXT: Record<Access, string> = {
  public: 'Anyone: no sign-in needed.',
  staff: 'Any signed-in member of staff.',
  admin: 'Full admins only.',
  key: 'A caller with a live integration API key (`Authorization: Bearer <key>`), not a staff session.',
};

/** The security scheme of each access rule: none for public routes, the session cookie, or a bearer key. */
export function securityOf(access: Access): Record<string, string[]>[] {
  if (access === 'public') return [];
  return access === 'key' ? [{ bearerAuth: [] }] : [{ session: [] }];
}

const ERROR_TEXT: Record<number, string> = {
  400: 'The input is not valid: `message` says why, `fieldErrors` per field.',
  401: 'Not signed in.',
  403: 'Signed in, but not allowed (a full admin only), or a cross-site request.',
  404: 'Nothing has that id or address.',
  409: 'The change conflicts with the record as it now is.',
  413: 'The request is too large.',
  415: 'The body is not sent as JSON.',
  429: 'Too many requests from this address: wait as Retry-After says.',
};

const KEY_401_TEXT = 'No API key, or a wrong or revoked one (`Authorization: Bearer <key>`).';
const KEY_429_TEXT = 'Too many calls with this key in the last minute: wait as Retry-After says.';

const FILE_TYPES: Record<string, string> = {
  csv: 'text/csv; charset=utf-8',
  png: 'image/png',
  pdf: 'application/pdf',
  pkpass: 'application/vnd.apple.pkpass',
};

function successResponse(e: EndpointSpec): ZodOpenApiResponsesObject {
  const status = String(statusOf(e));
  const kind = producesOf(e);
  if (kind === 'empty') return { [status]: { description: 'Done: no content.' } };
  if (kind === 'redirect') {
    return {
      [status]: {
        description: 'A redirect to the address in Location.',
        headers: { Location: { schema: { type: 'string' as const } } },
      },
    };
  }
  if (kind !== 'json') {
    return {
      [status]: {
        description: `The ${kind.toUpperCase()} file.`,
        content: {
          [FILE_TYPES[kind]!]: { schema: { type: 'string' as const, contentMediaType: FILE_TYPES[kind] } },
        },
      },
    };
  }
  const schema = e.paged ? z.array(e.response!) : e.response!;
  return {
    [status]: {
      description: e.paged ? 'One page of the list.' : 'The answer.',
      content: { 'application/json': { schema } },
      ...(e.paged && {
        headers: {
          'X-Total-Count': { description: 'How many match in all.', schema: { type: 'integer' as const } },
          'X-Next-Cursor': {
            description: "The next page's cursor (pass as `cursor`); absent on the last page.",
            schema: { type: 'string' as const },
          },
        },
      }),
    },
  };
}

function errorResponses(e: EndpointSpec): ZodOpenApiResponsesObject {
  const statuses = new Map<number, string>();
  // A route parameter that cannot name anything is a 404, not a 400 (lib/api/route.ts).
  if (e.query || e.body || e.upload) statuses.set(400, ERROR_TEXT[400]!);
  if (e.access !== 'public') statuses.set(401, e.access === 'key' ? KEY_401_TEXT : ERROR_TEXT[401]!);
  // A key route checks no origin and no role (lib/api/route.ts): it never answers 403.
  if (e.access === 'admin' || (e.method !== 'GET' && e.access !== 'key')) statuses.set(403, ERROR_TEXT[403]!);
  if (e.access === 'key') statuses.set(429, KEY_429_TEXT);
  if (e.params) statuses.set(404, e.notFoundMessage ?? ERROR_TEXT[404]!);
  if (e.body) {
    statuses.set(413, ERROR_TEXT[413]!);
    statuses.set(415, ERROR_TEXT[415]!);
  }
  for (const [status, text] of Object.entries(e.errors ?? {})) statuses.set(Number(status), text);
  const responses: ZodOpenApiResponsesObject = {};
  for (const [status, description] of [...statuses].sort((a, b) => a[0] - b[0])) {
    responses[String(status) as `4${string}`] = {
      description,
      content: { 'application/json': { schema: errorBodySchema } },
    };
  }
  return responses;
}

function operation(name: string, e: EndpointSpec): ZodOpenApiOperationObject {
  return {
    operationId: name,
    summary: e.summary,
    description: [e.description, `**Who may call it:** ${ACCESS_TEXT[e.access]}`]
      .filter(Boolean)
      .join('\n\n'),
    tags: [e.tag],
    security: securityOf(e.access),
    'x-access': e.access,
    ...((e.params || e.query) && {
      requestParams: {
        ...(e.params && { path: e.params as z.ZodObject }),
        ...(e.query && { query: e.query as z.ZodObject }),
      },
    }),
    ...(e.body && { requestBody: { required: true, content: { 'application/json': { schema: e.body } } } }),
    ...(e.upload && {
      requestBody: {
        required: true,
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object' as const,
              properties: {
                [e.upload.field]: {
                  type: 'string' as const,
                  contentMediaType: 'application/octet-stream',
                  description: `${e.upload.types.join(', ')}; at most ${e.upload.maxBytes} bytes.`,
                },
              },
              required: [e.upload.field],
            },
            encoding: { [e.upload.field]: { contentType: e.upload.types.join(', ') } },
          },
        },
      },
    }),
    responses: { ...successResponse(e), ...errorResponses(e) },
  };
}

/** The document, for the address the API is served at. */
export function openApiDocument(origin: string) {
  const paths: ZodOpenApiPathsObject = {};
  const tags = new Set<string>();
  for (const { name, endpoint } of allEndpoints()) {
    tags.add(endpoint.tag);
    const item = (paths[endpoint.path] ??= {});
    item[endpoint.method.toLowerCase() as 'get'] = operation(name, endpoint);
  }
  return createDocument(
    {
      openapi: '3.1.0',
      info: {
        title: 'Smile Referrals API',
        version: '1.0.0',
        description:
          "The clinic's referral reward programme and Team Reviews. Staff calls are authorised by the session " +
          'cookie that `POST /api/login` sets; a change (POST, PATCH, PUT, DELETE) from a browser must come ' +
          'from this site. The integration routes take an API key instead (`Authorization: Bearer <key>`). Bodies are JSON; amounts are pounds; times are ISO 8601 in UTC. A list answers with ' +
          'an array, the total in X-Total-Count and the next page in X-Next-Cursor.',
      },
      servers: [{ url: origin }],
      tags: [...tags].sort().map((tag) => ({ name: tag })),
      components: {
        securitySchemes: {
          session: {
            type: 'apiKey',
            in: 'cookie',
            name: SESSION_COOKIE,
            description:
              'Set by POST /api/login (named __Secure-next-auth.session-token over HTTPS); sent back by the ' +
              'browser or HTTP client with every call.',
          },
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            description:
              'An integration API key (`rk_…`), made by a full admin in Settings → Integrations, sent as ' +
              '`Authorization: Bearer <key>`. Only the integration routes take it.',
          },
        },
      },
      paths,
    },
    // Only the schemas named with .meta({ id }) become components (Client, Referral, ...); the rest inline.
    { reused: 'inline' },
  );
}
