/** A client as the API returns it (GET /api/clients, POST and PATCH /api/admin/clients). */
export interface ClientDto {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  cardNumber: string;
  inviteToken: string;
  /** {origin}/card/{inviteToken} */
  webUrl: string;
  /** {origin}/card/{Slug}, the readable link */
  brandedUrl: string;
  affiliateCompany: string | null;
  createdAt: string;
  referralCount: number;
  hasBankDetails: boolean;
  bacsRequested: boolean;
  bacsRequestedAt: string | null;
  /** Present for full admins only. */
  sortCode?: string | null;
  /** Present for full admins only. */
  accountNumber?: string | null;
}

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
