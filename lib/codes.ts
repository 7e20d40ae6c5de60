import { randomBytes } from 'node:crypto';

/** 32 letters and digits without the look-alikes 0, 1, I and O: 32 divides 256, so every one is equally likely. */
export const CARD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** A–Z without O, and 0–9 (spec section 3, team member codes). */
export const TEAM_ALPHABET = 'ABCDEFGHIJKLMNPQRSTUVWXYZ0123456789';

function randomGroup(alphabet: string, size: number): string {
  let out = '';
  while (out.length < size) {
    for (const byte of randomBytes(size * 2)) {
      // Rejection sampling keeps every character equally likely for alphabets that do not divide 256.
      const limit = 256 - (256 % alphabet.length);
      if (byte < limit && out.length < size) out += alphabet[byte % alphabet.length];
    }
  }
  return out;
}

function randomCode(prefix: string, alphabet: string, groups: number): string {
  return `${prefix}-${Array.from({ length: groups }, () => randomGroup(alphabet, 4)).join('-')}`;
}

/** SC-XXXX-XXXX-XXXX: unique in the database, so callers retry on the rare clash. */
export function newCardNumber(): string {
  return randomCode('SC', CARD_ALPHABET, 3);
}

export const CARD_NUMBER_PATTERN = /^SC-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/;

/** TM-XXXX-XXXX-XXXX-XXXX */
export function newTeamMemberCode(): string {
  return randomCode('TM', TEAM_ALPHABET, 4);
}

export const TEAM_MEMBER_CODE_PATTERN = /^TM-[A-NP-Z0-9]{4}-[A-NP-Z0-9]{4}-[A-NP-Z0-9]{4}-[A-NP-Z0-9]{4}$/;

/** An unguessable token for a client's card link (144 bits). */
export function newInviteToken(): string {
  return randomBytes(18).toString('base64url');
}
