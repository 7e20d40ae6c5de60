import type { ReactNode } from 'react';
import { redirect } from 'next/navigation';
import { StaffShell } from '@/components/shell/staff-shell';
import { getCurrentUser } from '@/lib/auth/current-user';

export default async function StaffLayout({ children }: { children: ReactNode }) {
  const user = await getCurrentUser();
  // proxy.ts normally sends signed-out visitors to the login page first, with a callbackUrl.
  if (!user) redirect('/login');

  return <StaffShell user={{ email: user.email, isFullAdmin: user.isFullAdmin }}>{children}</StaffShell>;
}
