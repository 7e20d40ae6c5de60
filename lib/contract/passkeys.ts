/**
 * Passkeys (WebAuthn, issue 31): registering, naming and removing them, and signing in or stepping up with one.
 * See lib/contract/endpoint.ts; lib/contract/index.ts gathers every area for /api/openapi.json.
 */
export {};
