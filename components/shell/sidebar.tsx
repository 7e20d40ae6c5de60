'use client';

import Link from 'next/link';
import { usePathname, useRouter } from 'next/navigation';
import {
  ChartColumn,
  CreditCard,
  LogOut,
  Mail,
  Settings,
  Smile,
  Star,
  Stethoscope,
  type LucideIcon,
} from 'lucide-react';
import { InboxBadge } from '@/components/inbox/inbox-badge';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { useLogout } from './mutations';

export interface ShellUser {
  email: string;
  isFullAdmin: boolean;
}

interface NavItem {
  href: string;
  label: string;
  icon: LucideIcon;
  /** Paths on which this item is the current page. */
  matches: string[];
  /** Shown to full admins only. */
  adminOnly?: boolean;
  /** The new-referrals count beside it. */
  inbox?: boolean;
}

const NAV_ITEMS: NavItem[] = [
  {
    href: '/',
    label: 'Referral Reward Card',
    icon: CreditCard,
    // Clients → Import (issue 33) is part of the clients' dashboard.
    matches: ['/', '/referral-reward-card-dashboard', '/clients'],
    inbox: true,
  },
  // Issue 34: proposals from the practice's records, for any member of staff.
  {
    href: '/practice-records',
    label: 'Started treatment',
    icon: Stethoscope,
    matches: ['/practice-records'],
  },
  { href: '/team-reviews', label: 'Team Reviews', icon: Star, matches: ['/team-reviews'] },
  { href: '/insights', label: 'Insights', icon: ChartColumn, matches: ['/insights'], adminOnly: true },
  { href: '/messages', label: 'Messages', icon: Mail, matches: ['/messages'], adminOnly: true },
  { href: '/settings', label: 'Settings', icon: Settings, matches: ['/settings'] },
];

function isCurrent(pathname: string, item: NavItem): boolean {
  return item.matches.some((m) => pathname === m || (m !== '/' && pathname.startsWith(`${m}/`)));
}

const itemClass =
  'flex w-full items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-sidebar-accent hover:text-sidebar-accent-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sidebar-ring';

function LogoutButton() {
  const router = useRouter();
  const signOut = useLogout();
  // Once asked, the button stays disabled until the login page shows.
  const busy = !signOut.isIdle;

  async function logout() {
    try {
      await signOut.mutateAsync({});
    } catch {
      // Spec section 7: the user goes to the login page even when the call fails.
    }
    router.replace('/login');
    router.refresh();
  }

  return (
    <Button variant="ghost" className="w-full justify-start gap-3 px-3" disabled={busy} onClick={logout}>
      <LogOut aria-hidden="true" />
      Logout
    </Button>
  );
}

/** The staff navigation: on laptops a fixed left column, on phones the content of the menu sheet. */
export function Sidebar({ user, onNavigate }: { user: ShellUser; onNavigate?: () => void }) {
  const pathname = usePathname();

  return (
    <div className="flex h-full flex-col bg-sidebar text-sidebar-foreground">
      <div className="flex h-14 items-center gap-2 border-b border-sidebar-border px-4 font-semibold">
        <Smile className="size-5 text-sidebar-primary" aria-hidden="true" />
        Smile Referrals
      </div>

      <nav aria-label="Main" className="flex-1 overflow-y-auto p-3">
        <ul className="grid gap-1">
          {NAV_ITEMS.filter((item) => !item.adminOnly || user.isFullAdmin).map((item) => {
            const current = isCurrent(pathname, item);
            const Icon = item.icon;
            return (
              <li key={item.href}>
                <Link
                  href={item.href}
                  aria-current={current ? 'page' : undefined}
                  onClick={onNavigate}
                  className={cn(
                    itemClass,
                    current &&
                      'bg-sidebar-primary text-sidebar-primary-foreground hover:bg-sidebar-primary/90 hover:text-sidebar-primary-foreground',
                  )}
                >
                  <Icon className="size-4 shrink-0" aria-hidden="true" />
                  <span className="flex-1">{item.label}</span>
                  {item.inbox && <InboxBadge />}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

      <div className="grid gap-2 border-t border-sidebar-border p-3">
        <div className="grid gap-1 px-3 py-1">
          <span className="truncate text-sm font-medium" title={user.email}>
            {user.email}
          </span>
          <Badge variant={user.isFullAdmin ? 'default' : 'secondary'}>
            {user.isFullAdmin ? 'Full admin' : 'Staff'}
          </Badge>
        </div>
        <LogoutButton />
      </div>
    </div>
  );
}
