import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { cn } from '@/lib/utils';

/**
 * The frame of the staff's pages outside the app (sign in, forgotten password, a reset or invitation link): one
 * card in the middle of the screen, an icon, the page's heading, a line under it, and the form or the words.
 */
export function AuthPage({
  icon: Icon,
  iconClassName = 'text-primary',
  heading,
  description,
  contentClassName,
  children,
}: {
  icon: LucideIcon;
  iconClassName?: string;
  heading: ReactNode;
  description?: ReactNode;
  contentClassName?: string;
  children: ReactNode;
}) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-muted/40 px-4 py-10">
      <Card className="w-full max-w-sm">
        <CardHeader className="justify-items-center text-center">
          <Icon className={cn('size-10', iconClassName)} aria-hidden="true" />
          <h1 className="text-2xl font-semibold tracking-tight">{heading}</h1>
          {description && <CardDescription>{description}</CardDescription>}
        </CardHeader>
        <CardContent className={contentClassName}>{children}</CardContent>
      </Card>
    </main>
  );
}
