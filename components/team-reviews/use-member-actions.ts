'use client';

import { toast } from 'sonner';
import { ApiError, errorMessage } from '@/lib/client/api';
import type { TeamMemberDto } from '@/lib/dto/team';
import { useAddMember, useArchiveMember, useOnce, useUpdateLoaded, useUpdateMember } from './mutations';
import { teamText } from './team-text';
import type { TeamQueryKeys } from './use-team-queries';

/** The team's members: add, rename, archive and restore, each written into the loaded lists at once. */
export function useMemberActions(keys: TeamQueryKeys) {
  const once = useOnce();
  const update = useUpdateLoaded();
  const [addMember, updateMember, archiveMember] = [useAddMember(), useUpdateMember(), useArchiveMember()];

  return {
    /** Add a team member; throws the ApiError for the form to show. */
    addMember: (body: { firstName: string; lastName: string }) =>
      once('member:new', () => addMember.mutateAsync({ body })),
    /**
     * Archive a member who left (full admins): out of the active lists; their months stay as they were (the
     * bonus month is asked for again and marks them archived). Throws the ApiError for the dialog to show.
     */
    archiveMember: (member: TeamMemberDto) =>
      once(`member:${member.id}`, async () => {
        await archiveMember.mutateAsync({ params: { id: member.id } }).catch((e) => {
          if (!(e instanceof ApiError && e.status === 404)) throw e;
        });
        update<TeamMemberDto[]>(keys.members, (list) => list.filter((m) => m.id !== member.id));
        toast.success(teamText.memberArchived(member));
      }),
    /** Restore an archived member (full admins): back on the team, their QR code counts visits again. */
    restoreMember: (member: TeamMemberDto) =>
      once(`member:${member.id}`, async () => {
        try {
          const restored = await updateMember.mutateAsync({
            params: { id: member.id },
            body: { archived: false },
          });
          update<TeamMemberDto[]>(keys.archived, (list) => list.filter((m) => m.id !== member.id));
          toast.success(teamText.memberRestored(restored));
        } catch (e) {
          toast.error(errorMessage(e));
        }
      }),
    /** Correct a member's name (full admins); throws the ApiError for the form to show. */
    renameMember: async (member: TeamMemberDto, names: { firstName: string; lastName: string }) => {
      const renamed = await once(`member:${member.id}`, () =>
        updateMember.mutateAsync({ params: { id: member.id }, body: names }),
      );
      if (!renamed) return undefined;
      update<TeamMemberDto[]>(keys.members, (list) => list.map((m) => (m.id === renamed.id ? renamed : m)));
      toast.success(`The name is now ${renamed.firstName} ${renamed.lastName}.`);
      return renamed;
    },
  };
}
