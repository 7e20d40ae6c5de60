/**
 * The answers of the public pages' endpoints (issue 30): the reward card, the bank-details link and the
 * unsubscribe link. Each a zod schema (the contract, checked against every real answer in the integration
 * suite) with its TypeScript type inferred from it. Safe to import from the browser.
 */
import { z } from '@/lib/validation/zod';
import { MESSAGE_KINDS } from '@/lib/messages/kinds';

/**
 * The public card for an invite token or a branded address: the cardholder's name and card number, nothing
 * else.
 */
export const cardSchema = z
  .object({
    firstName: z.string(),
    lastName: z.string(),
    cardNumber: z.string().meta({ description: 'SC-XXXX-XXXX-XXXX' }),
  })
  .meta({ id: 'Card', description: "A reward card: the cardholder's name and card number, nothing else." });
export type CardDto = z.infer<typeof cardSchema>;

/** The lead form's referrer lookup: the cardholder's name only. */
export const cardholderSchema = z.object({ firstName: z.string(), lastName: z.string() }).meta({
  id: 'Cardholder',
  description: "The name on a reward card, for the lead form's 'Recommended by'.",
});
export type CardholderDto = z.infer<typeof cardholderSchema>;

/** POST /api/bank-details/{token}: the details were stored for a full admin's approval. */
export const bankDetailsSavedSchema = z
  .object({ saved: z.literal(true) })
  .meta({ id: 'BankDetailsSaved', description: "The details were stored for a full admin's approval." });

/** POST /api/unsubscribe/{token}: that kind of message is no longer sent to the link's address. */
export const unsubscribedSchema = z
  .object({
    unsubscribed: z.literal(true),
    kind: z.enum(MESSAGE_KINDS).meta({ description: 'The kind of message turned off for the address.' }),
  })
  .meta({ id: 'Unsubscribed', description: 'That kind of message is no longer sent to the link’s address.' });
