import type { Metadata } from 'next';
import { ImportPage } from '@/components/imports/import-page';
import { requirePageUser } from '@/lib/auth/current-user';
import { getSettings } from '@/lib/services/settings';

export const metadata: Metadata = { title: 'Import clients' };

/** Clients → Import (issue 33): staff may preview and run imports; full admins also send the cards and undo. */
export default async function ImportClientsPage() {
  const user = await requirePageUser('/clients/import');
  // What the Send cards dialog says: who gets a card (consent, or all under the soft opt-in) and how fast.
  const settings = user.isFullAdmin ? await getSettings() : null;
  const policy = settings
    ? { softOptIn: settings.softOptInReliedOnAt !== null, perHour: settings.cardSendsPerHour }
    : null;
  return <ImportPage isFullAdmin={user.isFullAdmin} policy={policy} />;
}
