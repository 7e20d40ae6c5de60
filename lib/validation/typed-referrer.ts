/**
 * 'Who recommended you?' on the public form without a working link (issue 29, point 4): the friend types the
 * referrer's card number or their name. Pure, and free of any library, so the browser's check and the form's
 * server action read the text the same way (it reaches a stranger's phone: see lead-form.ts).
 */
import { INVISIBLE_NAME_TEXT, isVisibleText } from './names';

/** The same ceiling as POST /api/leads' recommendedBy. */
export const RECOMMENDED_BY_MAX = 200;
export const RECOMMENDED_BY_TOO_LONG_TEXT = `Please keep this to ${RECOMMENDED_BY_MAX} characters: their card number or their name`;

/**
 * A card number however it was typed ('sc ab12 cd34 ef56', 'SC-AB12CD34EF56', with dashes or dots), as the
 * cards print it (SC-XXXX-XXXX-XXXX, lib/codes.ts); null for anything else, which is taken as a name.
 * Letters outside the cards' alphabet are kept: a mistyped number is still a number, for staff to match.
 */
export function typedCardNumber(text: string): string | null {
  const compact = text.toUpperCase().replace(/[\s.\-‐-―]/g, '');
  const match = /^SC([A-Z0-9]{4})([A-Z0-9]{4})([A-Z0-9]{4})$/.exec(compact);
  return match ? `SC-${match[1]}-${match[2]}-${match[3]}` : null;
}

/** The field's message, or undefined when what was typed (or nothing: it is optional) can be sent. */
export function recommendedByError(text: string | undefined): string | undefined {
  const value = (text ?? '').trim();
  if (value.length > RECOMMENDED_BY_MAX) return RECOMMENDED_BY_TOO_LONG_TEXT;
  if (!isVisibleText(value)) return INVISIBLE_NAME_TEXT;
  return undefined;
}

/**
 * What the lead records from the typed text: a card number goes where the link's would (it attaches the
 * referrer as the link does when it matches, and is kept for staff when it does not); a name is kept as
 * recommendedBy for staff to match; blank is nothing.
 */
export function readTypedReferrer(text: string | undefined): { referrerId?: string; recommendedBy?: string } {
  const value = (text ?? '').trim();
  if (!value) return {};
  const cardNumber = typedCardNumber(value);
  return cardNumber ? { referrerId: cardNumber } : { recommendedBy: value };
}
