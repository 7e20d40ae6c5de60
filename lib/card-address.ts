/**
 * The public addresses of a reward card (issue 14, point 4): /card/{inviteToken}, or the branded
 * /card/{first-last}-{cardKey}, whose readable part is decoration: the card is found by its key alone, so a
 * rename keeps the link working and a name without its key finds nothing. Pure functions: shared by the
 * services, the pages and proxy.ts.
 */

/** Crockford's base32 in lower case: no i, l, o or u, so nothing is misread when a link is typed. */
export const CARD_KEY_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
/** 10 characters (50 bits), made by the database's new_card_key() (see the migrations). */
export const CARD_KEY_LENGTH = 10;
export const CARD_KEY_PATTERN = /^[0-9a-hjkmnp-tv-z]{10}$/;

/** Invite tokens and branded addresses are letters, digits, '-' and '_'; anything else cannot be a card. */
export const CARD_TOKEN_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;

const BRANDED_KEY = /(?:^|-)([0-9a-hjkmnp-tv-z]{10})$/;

/** The key of a branded address (its last '-'-separated part, when that is key-shaped), else null. */
export function cardKeyOf(token: string): string | null {
  return BRANDED_KEY.exec(token)?.[1] ?? null;
}

/**
 * What names the card behind an address: the key of a branded address, else the address itself (an invite
 * token). Every spelling of a branded address (old name, new name) has the same identity.
 */
export function cardIdentity(token: string): string {
  return cardKeyOf(token) ?? token;
}

/** The readable part: lower-case name words joined by '-', "Mary-Jane O'Neil" → mary-jane-oneil. */
export function cardNameSlug(firstName: string, lastName: string): string {
  const slug = `${firstName} ${lastName}`
    .normalize('NFKD')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 60)
    .replace(/^-+|-+$/g, '');
  return slug || 'card';
}

/** The branded address's token: jane-smith-7kq2x9ab4m. */
export function brandedCardToken(firstName: string, lastName: string, cardKey: string): string {
  return `${cardNameSlug(firstName, lastName)}-${cardKey}`;
}
