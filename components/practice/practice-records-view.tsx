'use client';

import Link from 'next/link';
import { PlugZap } from 'lucide-react';
import { AutoConfirmSwitch } from './auto-confirm-switch';
import { Proposals } from './proposals';

/**
 * The Started treatment page's body (issue 34): the proposals, and for full admins the automatic-confirmation
 * switch and the way to connect the practice system.
 */
export function PracticeRecordsView({ isFullAdmin }: { isFullAdmin: boolean }) {
  return (
    <div className="grid min-w-0 gap-6">
      {isFullAdmin && (
        <div className="grid gap-3">
          <AutoConfirmSwitch />
          <p className="text-sm">
            <Link
              href="/settings/integrations"
              className="inline-flex items-center gap-2 font-medium underline underline-offset-4"
            >
              <PlugZap className="size-4" aria-hidden="true" />
              Connect Dentally or an integration
            </Link>
          </p>
        </div>
      )}
      <section aria-labelledby="proposals-heading" className="grid min-w-0 gap-3">
        <h2 id="proposals-heading" className="text-lg font-semibold">
          Proposals
        </h2>
        <Proposals isFullAdmin={isFullAdmin} />
      </section>
    </div>
  );
}
