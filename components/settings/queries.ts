import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '@/lib/client/api';
import { settingsKeys } from '@/lib/query/keys';
import type { StaffAccount } from './staff-account-item';

/** GET /api/admin/users: every staff account, for full admins. */
export const staffQuery = () =>
  queryOptions({
    queryKey: settingsKeys.staff(),
    queryFn: ({ signal }) => apiFetch<StaffAccount[]>('/api/admin/users', { signal }),
  });
