/**
 * Clients (spec section 4): the public functions of lib/services/clients/*, one file per concern.
 * Importers keep `@/lib/services/clients`; files inside this folder import their siblings directly, never this index.
 */
export { CLIENT_EXISTS_TEXT, REMOVE_BANK_DETAILS_TEXT, CONTACT_CHANGES_SHOWN, type Viewer } from './rows';
export { REFERRALS_PER_CLIENT } from '@/lib/dto/clients-map';
export {
  clientCount,
  listClients,
  LEADERBOARD_SIZE,
  clientLeaderboard,
  getClient,
  type ClientListOptions,
} from './list';
export { createClient, brandedLinkFor } from './create';
export { EMAIL_CORRECTED_BEFORE_SENT_TEXT, updateClient, type ClientChanges } from './update';
export { deleteClient } from './delete';
export type { ClientDto } from './rows';
