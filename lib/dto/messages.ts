/**
 * Answers of the Messages API (issue 17), as zod schemas (issue 30): the declarations in
 * lib/contract/messages.ts name them, and the types are inferred from them.
 */
import { MESSAGE_KINDS, MESSAGE_STATUSES } from '@/lib/messages/kinds';
import { z } from '@/lib/validation/zod';

/** GET /api/messages: one message the app wrote (issue 17). Its body is not kept in the answer. */
export const messageSchema = z
  .object({
    id: z.uuid(),
    kind: z.enum(MESSAGE_KINDS).meta({ id: 'MessageKind', description: 'What the message is for.' }),
    status: z.enum(MESSAGE_STATUSES).meta({
      id: 'MessageStatus',
      description:
        "'unsent': kept without a mail server; 'queued': waiting or between retries; 'sent'; 'failed': " +
        "retries ran out; 'cancelled': a 'reward paid' email whose payment was undone before it went.",
    }),
    /** Null once the person's data was erased. */
    to: z
      .string()
      .nullable()
      .meta({ description: "The recipient's email; null once their data was erased." }),
    toName: z.string().nullable(),
    subject: z.string(),
    attempts: z.number().int(),
    lastError: z.string().nullable(),
    createdAt: z.iso.datetime(),
    queuedAt: z.iso.datetime().nullable(),
    nextAttemptAt: z.iso.datetime().nullable(),
    sentAt: z.iso.datetime().nullable(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'Message', description: 'One email the app wrote. Its body is not answered.' });
export type MessageDto = z.infer<typeof messageSchema>;

/** The dashboard's and the Messages page's summary. */
export const messageSummarySchema = z
  .object({
    failed: z.number().int(),
    unsent: z.number().int(),
    queued: z.number().int(),
    /** Whether SMTP_URL is set: held messages can be sent on. */
    mailServer: z
      .boolean()
      .meta({ description: 'Whether a mail server (SMTP_URL) is set up: held messages can be sent on.' }),
  })
  .meta({ id: 'MessageSummary', description: 'How many messages failed, are held unsent, or are queued.' });
export type MessageSummaryDto = z.infer<typeof messageSummarySchema>;

/** POST /api/messages/send-held */
export const heldMessagesQueuedSchema = z
  .object({ queued: z.number().int().meta({ description: 'How many held messages were queued.' }) })
  .meta({ id: 'HeldMessagesQueued', description: 'The held messages queued to be sent.' });
export type HeldMessagesQueuedDto = z.infer<typeof heldMessagesQueuedSchema>;
