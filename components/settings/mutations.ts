'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffAccount } from './staff-account-item';
import { endpointKey, endpointMutation, upload } from '@/lib/contract/client';
import * as auth from '@/lib/contract/auth';
import * as invites from '@/lib/contract/invites';
import * as settings from '@/lib/contract/settings';
import { isInviteAnswer, type StaffInviteDto } from '@/lib/dto/invites';
import { ApiError } from '@/lib/client/api';
import { invalidateAreas } from '@/lib/query/invalidate';
import { settingsKeys } from '@/lib/query/keys';

/**
 * PATCH /api/settings with the fields a card changed; answers the settings as saved. Amounts change what new
 * referrals and reviews earn, so the money views are asked for again (the contract's `invalidates`).
 */
export function useSaveSettings() {
  const qc = useQueryClient();
  return useMutation({
    ...endpointMutation(settings.update),
    onSuccess: (saved) => qc.setQueryData(settingsKeys.settings(), saved),
  });
}

/** POST /api/settings/logo (multipart): the clinic's logo stored; answers the settings with its address. */
export function useUploadLogo() {
  const qc = useQueryClient();
  const { mutationKey, meta } = endpointMutation(settings.uploadLogo);
  return useMutation({
    mutationKey,
    meta,
    mutationFn: (file: File) => upload(settings.uploadLogo, file),
    onSuccess: (saved) => qc.setQueryData(settingsKeys.settings(), saved),
  });
}

/** DELETE /api/settings/logo: the public pages show the clinic's name alone. */
export function useRemoveLogo() {
  const qc = useQueryClient();
  return useMutation({
    ...endpointMutation(settings.removeLogo),
    onSuccess: (saved) => qc.setQueryData(settingsKeys.settings(), saved),
  });
}

const byEmail = (a: StaffAccount, b: StaffAccount) => a.email.localeCompare(b.email);

/**
 * The staff list shows a change's answer at once (the account as it is now, or without it when it is gone);
 * the contract's `invalidates` then has the list asked for again.
 */
function useShowStaff() {
  const qc = useQueryClient();
  return (id: string, account: StaffAccount | null) =>
    qc.setQueryData<StaffAccount[]>(endpointKey(auth.listStaff), (list) => {
      if (!list) return list;
      const others = list.filter((a) => a.id !== id);
      return account ? [...others, account].sort(byEmail) : others;
    });
}

/** POST /api/admin/users with a password: a new staff account, made at once. */
export function useAddStaff() {
  const show = useShowStaff();
  return useMutation({
    ...endpointMutation(auth.createStaff),
    onSuccess: (answer) => {
      if (!isInviteAnswer(answer)) show(answer.id, answer);
    },
  });
}

const newestFirst = (a: StaffInviteDto, b: StaffInviteDto) => b.sentAt.localeCompare(a.sentAt);

/**
 * The pending invitations show a change's answer at once (the invitation as it is now, or without it once
 * revoked); the contract's `invalidates` then has the list asked for again.
 */
function useShowInvite() {
  const qc = useQueryClient();
  return (id: string, invite: StaffInviteDto | null) =>
    qc.setQueryData<StaffInviteDto[]>(endpointKey(invites.listInvites), (list) => {
      if (!list) return list;
      const others = list.filter((i) => i.id !== id);
      return invite ? [...others, invite].sort(newestFirst) : others;
    });
}

/** A refusal that means the list is stale (already accepted, revoked or gone): asked for again. */
function useRefreshOnStale() {
  const qc = useQueryClient();
  return (error: unknown) => {
    if (error instanceof ApiError && (error.status === 404 || error.status === 409)) {
      void invalidateAreas(qc, ['settings']);
    }
  };
}

/** POST /api/admin/users with `invite: true`: the person is emailed a link to choose their own password. */
export function useInviteStaff() {
  const show = useShowInvite();
  return useMutation({
    ...endpointMutation(auth.createStaff),
    onSuccess: (answer) => {
      if (isInviteAnswer(answer)) show(answer.id, answer);
    },
  });
}

/** POST /api/admin/invites/{id}/resend: a new link (the old one stops working), valid for 7 days. */
export function useResendInvite() {
  const show = useShowInvite();
  const refresh = useRefreshOnStale();
  return useMutation({
    ...endpointMutation(invites.resendInvite),
    onSuccess: (invite) => show(invite.id, invite),
    onError: refresh,
  });
}

/** DELETE /api/admin/invites/{id}: the link stops working; the row leaves the list at once. */
export function useRevokeInvite() {
  const qc = useQueryClient();
  const refresh = useRefreshOnStale();
  const key = endpointKey(invites.listInvites);
  return useMutation({
    ...endpointMutation(invites.revokeInvite),
    onMutate: async ({ params }) => {
      await qc.cancelQueries({ queryKey: key });
      const before = qc.getQueryData<StaffInviteDto[]>(key);
      qc.setQueryData<StaffInviteDto[]>(key, (list) => list?.filter((i) => i.id !== params.id));
      return { before };
    },
    onError: (error, _input, context) => {
      if (context?.before) qc.setQueryData(key, context.before);
      refresh(error);
    },
  });
}

/** PATCH /api/admin/users/{id}: made a full admin, or staff again. */
export function useUpdateStaff() {
  const show = useShowStaff();
  return useMutation({
    ...endpointMutation(auth.updateStaff),
    onSuccess: (account) => show(account.id, account),
  });
}

/** DELETE /api/admin/users/{id}: the account removed, its sessions ended. */
export function useRemoveStaff() {
  const show = useShowStaff();
  return useMutation({
    ...endpointMutation(auth.removeStaff),
    onSuccess: (_answer, { params }) => show(params.id, null),
  });
}

/** DELETE /api/admin/users/{id}/sessions: every session of the account ended. */
export function useSignOutEverywhere() {
  return useMutation(endpointMutation(auth.signOutEverywhere));
}

/** POST /api/admin/users/{id}/unlock: the lock of too many wrong passwords lifted. */
export function useUnlockStaff() {
  const show = useShowStaff();
  return useMutation({
    ...endpointMutation(auth.unlockStaff),
    onSuccess: (account) => show(account.id, account),
  });
}

/** POST /api/change-password: the signed-in account's own password; its other sessions end. */
export function useChangePassword() {
  return useMutation(endpointMutation(auth.changePassword));
}
