'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/client/api';
import * as account from '@/lib/contract/account';
import { endpointKey, endpointMutation } from '@/lib/contract/client';
import type { OwnSignInsDto } from '@/lib/dto/account';
import { invalidateAreas } from '@/lib/query/invalidate';

/**
 * DELETE /api/account/sessions/{id}: one of the account's own sessions signed out. The list drops it at once;
 * a 404 (it had ended already) refreshes the list instead.
 */
export function useEndSession() {
  const qc = useQueryClient();
  return useMutation({
    ...endpointMutation(account.endSession),
    onSuccess: (_ended, { params }) =>
      qc.setQueryData<OwnSignInsDto>(endpointKey(account.signIns), (data) =>
        data ? { ...data, sessions: data.sessions.filter((s) => s.id !== params.id) } : data,
      ),
    onError: (error) => {
      if (error instanceof ApiError && error.status === 404) void invalidateAreas(qc, ['user']);
    },
  });
}
