import type { ClientDto } from '@/lib/dto/clients';

export type { ClientDto };

export function clientName(client: Pick<ClientDto, 'firstName' | 'lastName'>): string {
  return `${client.firstName} ${client.lastName}`;
}

/** Delete Client (spec section 4): the typed text must equal 'first last', ignoring case (and outer spaces). */
export function confirmsName(typed: string, client: Pick<ClientDto, 'firstName' | 'lastName'>): boolean {
  return typed.trim().toLocaleLowerCase('en-GB') === clientName(client).toLocaleLowerCase('en-GB');
}

/** The link staff share from the Webpage Link action: the readable one, else the token one. */
export function shareUrl(client: ClientDto): string {
  return client.brandedUrl || client.webUrl;
}
