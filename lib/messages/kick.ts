import 'server-only';
import { log } from '@/lib/log';

/**
 * Wakes the job queue's message sender after a transaction that wrote messages has committed. The queue
 * (lib/jobs/queue.ts) registers itself here when it starts in this process; where it does not run (scripts,
 * tests, JOBS_DISABLED) this does nothing, and the messages wait, safely stored, for the next sender: the
 * queue's sweep every minute, or its first run when the app next starts. A burst of writes wakes it once.
 */
type Waker = () => Promise<unknown>;

const holder = globalThis as unknown as { __smileMessageWaker?: Waker; __smileMessageKick?: NodeJS.Timeout };

export function registerMessageWaker(waker: Waker | undefined): void {
  holder.__smileMessageWaker = waker;
}

const COALESCE_MS = 250;

export function kickMessages(): void {
  // Without a mail server the messages are kept as unsent: there is nothing to wake the sender for.
  if (!process.env.SMTP_URL || !holder.__smileMessageWaker || holder.__smileMessageKick) return;
  holder.__smileMessageKick = setTimeout(() => {
    holder.__smileMessageKick = undefined;
    holder
      .__smileMessageWaker?.()
      .catch((error) => log.error({ err: error }, 'Waking the message sender failed.'));
  }, COALESCE_MS);
  holder.__smileMessageKick.unref?.();
}
