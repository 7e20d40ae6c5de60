/**
 * The sign-in record, sessions and the account audit (issue 31).
 * See lib/contract/endpoint.ts; lib/contract/index.ts gathers every area for /api/openapi.json.
 */
export {};
