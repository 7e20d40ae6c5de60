/**
 * The public endpoints' declarations (issue 30): see lib/contract/endpoint.ts. Each export is one endpoint;
 * lib/contract/index.ts gathers them for /api/openapi.json.
 */
import { z } from '@/lib/validation/zod';
import { endpoint } from './endpoint';

export const openApi = endpoint({
  method: 'GET',
  path: '/api/openapi.json',
  access: 'public',
  tag: 'Reference',
  summary: 'This API as an OpenAPI 3.1 document.',
  description: 'Generated from the same declarations the server checks its input and answers against.',
  response: z.looseObject({ openapi: z.string(), paths: z.record(z.string(), z.unknown()) }),
});

export const health = endpoint({
  method: 'GET',
  path: '/api/health',
  access: 'public',
  tag: 'Operations',
  summary: 'Liveness: this instance answers requests.',
  description: 'Answers without touching the database, for load balancers and process managers.',
  response: z.object({ status: z.literal('ok') }),
});
