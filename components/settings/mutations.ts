'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffAccount } from './staff-account-item';
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
    mutationFn: (changes: Partial<Record<keyof SettingsDto, string | number | boolean | string[] | null>>) =>
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

const byEmail = (a: StaffAccount, b: StaffAccount) => a.email.localeCompare(b.email);

/**
 * A change to staff accounts (add, promote or demote, remove, sign out everywhere, unlock): the list shows the
 * server's answer at once (an account, or null when it is gone) and is then asked for again.
 */
export function useStaffChange() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ call }: { id?: string; call: () => Promise<StaffAccount | null | void> }) => call(),
    onSuccess: (account, { id }) =>
      qc.setQueryData<StaffAccount[]>(settingsKeys.staff(), (list) => {
        if (!list || account === undefined) return list;
        const others = list.filter((a) => a.id !== (account?.id ?? id));
        return account ? [...others, account].sort(byEmail) : others;
      }),
    onSettled: () => void qc.invalidateQueries({ queryKey: settingsKeys.staff() }),
  });
}
