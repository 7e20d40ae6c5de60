import { z } from './zod';

/** Route parameters: a malformed one is answered like an unknown one (404) by the route wrapper. */
export const idParamSchema = z.object({ id: z.uuid() });
export const cardTokenParamSchema = z.object({ cardToken: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/) });
export const cardNumberParamSchema = z.object({
  cardNumber: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^SC-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/),
});
/** A one-time or signed link's token (bank details, unsubscribe): its own checks say what is wrong with it. */
export const linkTokenParamSchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_.-]{1,600}$/) });
