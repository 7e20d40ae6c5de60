'use client';

import { useMutation } from '@tanstack/react-query';
import * as auth from '@/lib/contract/auth';
import { endpointMutation } from '@/lib/contract/client';

/** POST /api/logout: the session ended on the server and its cookie cleared. */
export function useLogout() {
  return useMutation(endpointMutation(auth.logout));
}
