import { route } from '@/lib/api/route';

export const GET = route({ access: 'staff' }, ({ user }) => ({
  email: user.email,
  permissions: { isFullAdmin: user.isFullAdmin },
}));
