import { route } from '@/lib/api/route';
import { currentUser } from '@/lib/contract/auth';

export const GET = route(currentUser, ({ user }) => ({
  email: user.email,
  permissions: { isFullAdmin: user.isFullAdmin },
}));
