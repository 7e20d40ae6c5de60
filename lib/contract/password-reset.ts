/**
 * Forgotten passwords (issue 31): the public request for a reset link and the link's use.
 * See lib/contract/endpoint.ts; lib/contract/index.ts gathers every area for /api/openapi.json.
 */
export {};
