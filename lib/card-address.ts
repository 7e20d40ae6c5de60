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

/**
 * Letters that Unicode does not decompose into a base letter and a mark (so NFKD alone would drop them), folded
 * to what an English reader types: Søren → soren, Ærø → aero, Strauß → strauss, Łukasz → lukasz.
 */
const FOLDED: Readonly<Record<string, string>> = {
  ø: 'o',
  æ: 'ae',
  œ: 'oe',
  ß: 'ss',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ħ: 'h',
  ı: 'i',
  ŀ: 'l',
  ŋ: 'n',
  ŧ: 't',
  ſ: 's',
  ĸ: 'k',
};

/**
 * The readable part, in ASCII (issue 29, point 7): "Siobhán O'Neill" → siobhan-oneill. Lower case, decomposed
 * (NFKD) with the combining marks dropped, so an accent is not a word break (it made siobha-n-oneill); the few
 * letters that do not decompose folded; apostrophes removed rather than turned into hyphens; every other run of
 * non-letters one '-'.
 */
export function cardNameSlug(firstName: string, lastName: string): string {
  const slug = `${firstName} ${lastName}`
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[øæœßłđðþħıŀŋŧſĸ]/g, (c) => FOLDED[c] ?? c)
    .replace(/['’‘`´ʼ]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 60)
    .replace(/^-+|-+$/g, '');
  return slug || 'card';
}

/** The branded address's token: jane-smith-7kq2x9ab4m. */
export function brandedCardToken(firstName: string, lastName: string, cardKey: string): string {
  return `${cardNameSlug(firstName, lastName)}-${cardKey}`;
}

/**
 * The card's one link, wherever it is offered (Add Client, Copy link, the card email, the API's webUrl and
 * brandedUrl): {origin}/card/{first-last}-{cardKey}. Older links (an earlier slug of the name, the invite token)
 * keep working, since the key alone finds the card.
 */
export function cardPathOf(client: { firstName: string; lastName: string; cardKey: string }): string {
  return `/card/${brandedCardToken(client.firstName, client.lastName, client.cardKey)}`;
}

export function cardUrlOf(
  origin: string,
  client: { firstName: string; lastName: string; cardKey: string },
): string {
  return `${origin}${cardPathOf(client)}`;
}
