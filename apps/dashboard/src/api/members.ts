import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client.ts';
import { queryString } from './plans.ts';
import type { PagingMetadata } from './types.ts';

/** A member as `listMembers` answers it (packages/contracts/src/identity-schemas.ts). */
export interface Member {
  id: string;
  loginEmail: string;
  loginEmailVerified: boolean;
  status: 'UNKNOWN' | 'PENDING' | 'APPROVED' | 'BLOCKED' | 'OFFLINE';
  profile: { nickname?: string; firstName?: string; lastName?: string };
  createdDate: string;
}

export const MEMBER_PAGE = 20;
const MEMBERS = '/members/v1/members';

export function useMembers(status: string, search: string, page: number) {
  return useQuery({
    queryKey: ['members', status, search, page],
    queryFn: () =>
      api<{ members: Member[]; metadata: PagingMetadata }>(
        'GET',
        `${MEMBERS}${queryString({ status, search, limit: MEMBER_PAGE, offset: page * MEMBER_PAGE })}`,
      ),
    placeholderData: keepPreviousData,
  });
}

/** Approve (also lifts a block) or block a member. */
export function useMemberAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'approve' | 'block'; email: string }) =>
      api<{ member: Member }>('POST', `${MEMBERS}/${encodeURIComponent(id)}/${action}`, {}),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['members'] }),
  });
}
