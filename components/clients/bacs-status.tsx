import { formatDate } from '@/lib/format';
import type { ClientDto } from './types';

/** Where the client's bank details stand: on file (with them, for full admins), requested, or neither. */
export function bacsStatusText(client: ClientDto): string {
  if (client.hasBankDetails) {
    if (!client.sortCode || !client.accountNumber) return 'Bank details are on file.';
    const holder = client.accountName
      ? `, ${client.accountName}`
      : " (no account holder's name yet: enter the details again with it)";
    return `Bank details on file: ${client.sortCode} / ${client.accountNumber}${holder}.`;
  }
  if (client.bacsRequested) {
    return client.bacsRequestedAt
      ? `BACS details requested on ${formatDate(client.bacsRequestedAt)}.`
      : 'BACS details requested.';
  }
  return 'No bank details yet.';
}
