'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/client/api';
import type { SettingsDto } from '@/lib/dto/settings';
import { paymentKeys, settingsKeys, teamKeys } from '@/lib/query/keys';

/**
 * PATCH /api/settings with the fields a card changed; answers the settings as saved. Amounts change what new
 * referrals and reviews earn, so the money views are asked for again.
 */
export function useSaveSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (changes: Partial<Record<keyof SettingsDto, string | number | null>>) =>
      apiFetch<SettingsDto>('/api/settings', { method: 'PATCH', body: changes }),
    onSuccess: (settings) => {
      qc.setQueryData(settingsKeys.settings(), settings);
      void Promise.all([
        qc.invalidateQueries({ queryKey: paymentKeys.all }),
        qc.invalidateQueries({ queryKey: teamKeys.all }),
      ]);
    },
  });
}
