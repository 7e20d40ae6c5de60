import type { MessageKindText, MessageStatusText } from '@/lib/messages/kinds';

/** GET /api/messages: one message the app wrote (issue 17). Its body is not kept in the answer. */
export interface MessageDto {
  id: string;
  kind: MessageKindText;
  status: MessageStatusText;
  /** Null once the person's data was erased. */
  to: string | null;
  toName: string | null;
  subject: string;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  queuedAt: string | null;
  nextAttemptAt: string | null;
  sentAt: string | null;
  updatedAt: string;
}

/** The dashboard's and the Messages page's summary. */
export interface MessageSummaryDto {
  failed: number;
  unsent: number;
  queued: number;
  /** Whether SMTP_URL is set: held messages can be sent on. */
  mailServer: boolean;
}
