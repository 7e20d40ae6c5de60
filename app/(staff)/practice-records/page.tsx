import type { Metadata } from 'next';
import { PracticeRecordsView } from '@/components/practice/practice-records-view';
import { requirePageUser } from '@/lib/auth/current-user';

export const metadata: Metadata = { title: 'Started treatment' };

/** Issue 34: proposals from the practice's records, for any member of staff to confirm. */
export default async function PracticeRecordsPage() {
  const user = await requirePageUser('/practice-records');
  return (
    <div className="grid min-w-0 gap-6">
      <div className="grid gap-2">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Started treatment?</h1>
        <p className="text-muted-foreground">
          These friends seem to have started treatment, from your practice&apos;s records. Confirm to start
          their referrer&apos;s reward (Story Started).
        </p>
      </div>
      <PracticeRecordsView isFullAdmin={user.isFullAdmin} />
    </div>
  );
}
