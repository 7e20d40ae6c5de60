/**
 * Invitations (issue 31): a full admin invites a staff member by email; the person chooses their own password.
 * See lib/contract/endpoint.ts; lib/contract/index.ts gathers every area for /api/openapi.json.
 */
export {};
