import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/** A card of Settings → Security: a region named by its heading, with an icon and what it is for. */
export function SecurityCard({
  headingId,
  icon: Icon,
  title,
  description,
  className,
  id,
  children,
}: {
  headingId: string;
  /** The card's own anchor (e.g. #passkeys, which the set-up banner links to). */
  id?: string;
  icon: LucideIcon;
  title: string;
  description: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Card role="region" aria-labelledby={headingId} className={className} id={id}>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Icon className="size-5 text-muted-foreground" aria-hidden="true" />
          <h2 id={headingId}>{title}</h2>
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">{children}</CardContent>
    </Card>
  );
}
