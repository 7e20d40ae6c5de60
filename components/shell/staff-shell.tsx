'use client';

import { useState, type ReactNode } from 'react';
import { Menu, Smile } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { ImportProgressBanner } from '@/components/imports/import-banner';
import { InboxTitle } from '@/components/inbox/inbox-badge';
import { Sidebar, type ShellUser } from './sidebar';

function MobileTopBar({ user }: { user: ShellUser }) {
  const [open, setOpen] = useState(false);

  return (
    <header className="sticky top-0 z-40 flex h-14 items-center justify-between border-b bg-background px-4 md:hidden">
      <span className="flex items-center gap-2 font-semibold">
        <Smile className="size-5 text-primary" aria-hidden="true" />
        Smile Referrals
      </span>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogTrigger asChild>
          <Button variant="outline" size="icon">
            <Menu aria-hidden="true" />
            <span className="sr-only">Menu</span>
          </Button>
        </DialogTrigger>
        {/* A left-hand sheet: the dialog's centring and padding are undone so the sidebar fills it. */}
        <DialogContent
          aria-describedby={undefined}
          className="top-0 left-0 flex h-dvh max-h-dvh w-72 max-w-[85vw] translate-x-0 translate-y-0 flex-col gap-0 rounded-none border-y-0 border-l-0 p-0 sm:max-w-72"
        >
          <DialogTitle className="sr-only">Menu</DialogTitle>
          <Sidebar user={user} onNavigate={() => setOpen(false)} />
        </DialogContent>
      </Dialog>
    </header>
  );
}

export function StaffShell({
  user,
  banner,
  children,
}: {
  user: ShellUser;
  /** A notice above every staff page (the APP_URL warning for full admins). */
  banner?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="min-h-dvh md:flex">
      <a
        href="#main"
        className="sr-only rounded-md bg-background px-4 py-2 text-sm font-medium shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:ring-[3px] focus:ring-ring/50 focus:outline-none"
      >
        Skip to content
      </a>

      <InboxTitle />
      <MobileTopBar user={user} />

      <aside className="sticky top-0 hidden h-dvh w-64 shrink-0 border-r border-sidebar-border md:block">
        <Sidebar user={user} />
      </aside>

      <main
        id="main"
        tabIndex={-1}
        className="min-w-0 flex-1 px-4 py-6 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:ring-inset md:px-8 md:py-8"
      >
        <div className="mx-auto w-full max-w-6xl">
          {banner}
          {/* Issue 33: an import's progress on every staff page while it runs. */}
          <ImportProgressBanner />
          {children}
        </div>
      </main>
    </div>
  );
}
