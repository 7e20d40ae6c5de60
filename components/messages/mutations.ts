'use client';

import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import { errorMessage } from '@/lib/client/api';
import { endpointMutation } from '@/lib/contract/client';
import * as messages from '@/lib/contract/messages';

/**
 * The record of messages' changes, one named mutation each (lib/contract/messages.ts): the record and its
 * counts are asked for again when one succeeds (the endpoint's `invalidates`); each says how it went.
 */

/** POST /api/messages/send-held: every message held while no mail server was set up, queued now. */
export function useSendHeldMessages() {
  return useMutation({
    ...endpointMutation(messages.sendHeld),
    onSuccess: ({ queued }) =>
      void toast.success(
        `${queued.toLocaleString('en-GB')} held ${queued === 1 ? 'message' : 'messages'} queued to send`,
      ),
    onError: (error) => void toast.error(errorMessage(error)),
  });
}

/** POST /api/messages/{id}/retry: a failed message queued again, with another day of retries. */
export function useRetryMessage() {
  return useMutation({
    ...endpointMutation(messages.retry),
    onSuccess: () => void toast.success('The message is queued to send again'),
    onError: (error) => void toast.error(errorMessage(error)),
  });
}
