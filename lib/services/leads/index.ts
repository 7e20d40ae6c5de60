/**
 * Leads (spec section 3): the public functions of lib/services/leads/*, one file per concern.
 * Importers keep `@/lib/services/leads`; files inside this folder import their siblings directly, never this index.
 */
export { CLIENT_NOT_FOUND_TEXT, LEAD_RATE_LIMIT_TEXT, leadSearch } from './common';
export { leadPageSql, leadCountSql, listLeads, type LeadListOptions } from './list';
export { publicLeadResult, recordLead, referrerStillThere, type RecordedLead } from './record';
export { ATTACH_NOT_FOUND_TEXT, ALREADY_ATTACHED_TEXT, ALREADY_REFERRED_TEXT, attachLead } from './attach';
