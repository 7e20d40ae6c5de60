import { formatDate } from '@/lib/format';
import type { ClientDto } from './types';

/** Where the client's bank details stand: on file (with them, for full admins), requested, or neither. */
export function bacsStatusText(client: ClientDto): string {
  if (client.hasBankDetails) {
    return client.sortCode && client.accountNumber
      ? `Bank details on file: ${client.sortCode} / ${client.accountNumber}.`
      : 'Bank details are on file.';
  }
  if (client.bacsRequested) {
    return client.bacsRequestedAt
      ? `BACS details requested on ${formatDate(client.bacsRequestedAt)}.`
      : 'BACS details requested.';
  }
  return 'No bank details yet.';
}
