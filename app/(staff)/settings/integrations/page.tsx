import type { Metadata } from 'next';
import Link from 'next/link';
import { ChevronLeft } from 'lucide-react';
import { ApiKeysCard } from '@/components/integrations/api-keys-card';
import { DentallyCard } from '@/components/integrations/dentally-card';
import { requirePageUser } from '@/lib/auth/current-user';
import { toDentallyStateDto } from '@/lib/dto/dentally';
import { dentallyState } from '@/lib/services/practice/dentally-sync';

export const metadata: Metadata = { title: 'Integrations' };

/**
 * Settings → Integrations (issue 34), for full admins: the Dentally connection, whose completed appointments
 * are matched to referrals and proposed for Story Started, and the integration API's keys (for Zapier, Make,
 * n8n or a practice's own script sending practice events).
 */
export default async function IntegrationsPage() {
  const user = await requirePageUser('/settings/integrations');
  const dentally = user.isFullAdmin ? toDentallyStateDto(await dentallyState()) : null;
  return (
    <div className="grid gap-6">
      <div className="grid gap-2">
        <Link
          href="/settings"
          className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground underline-offset-4 hover:underline"
        >
          <ChevronLeft className="size-4" aria-hidden="true" />
          Settings
        </Link>
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Integrations</h1>
        <p className="max-w-prose text-muted-foreground">
          Connect the practice&apos;s own system (Dentally, or any other through the integration API), so that
          a referred friend who comes in is proposed for Story Started without anyone having to notice.
        </p>
      </div>
      {dentally ? (
        <div className="grid items-start gap-6 lg:grid-cols-2">
          <DentallyCard initial={dentally} />
          <ApiKeysCard />
        </div>
      ) : (
        <p className="text-muted-foreground">Only a full admin can connect the practice&apos;s systems.</p>
      )}
    </div>
  );
}
