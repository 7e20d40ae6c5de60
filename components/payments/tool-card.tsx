import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { Card, CardAction, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/**
 * A card of the Payments tab that is a region named by its heading: an icon and the heading, what it is for,
 * and its one action (a download), then its body.
 */
export function ToolCard({
  headingId,
  icon: Icon,
  title,
  description,
  action,
  children,
}: {
  headingId: string;
  icon: LucideIcon;
  title: string;
  description: ReactNode;
  action: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Icon className="size-5 text-muted-foreground" aria-hidden="true" />
          <h2 id={headingId}>{title}</h2>
        </CardTitle>
        <CardDescription className="col-start-1">{description}</CardDescription>
        {/* Beside the title from 640 px; below the description on a phone, where it would squeeze them. */}
        <CardAction className="col-start-1 row-span-1 row-start-3 justify-self-start sm:col-start-2 sm:row-span-2 sm:row-start-1 sm:justify-self-end">
          {action}
        </CardAction>
      </CardHeader>
      {children}
    </Card>
  );
}
