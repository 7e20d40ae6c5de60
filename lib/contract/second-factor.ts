/**
 * The authenticator app (TOTP), recovery codes, the second step of signing in and the step-up by code (issue 31).
 * See lib/contract/endpoint.ts; lib/contract/index.ts gathers every area for /api/openapi.json.
 */
export {};
