'use client';

import Link from 'next/link';
import { useQueryClient } from '@tanstack/react-query';
import { PlugZap } from 'lucide-react';
import { AutoConfirmSwitch } from './auto-confirm-switch';
import { PracticeUpload } from './practice-upload';
import { Proposals } from './proposals';
import { matchListRoot } from './queries';

/**
 * The Started treatment page's body (issue 34): the proposals, and for full admins the automatic-confirmation
 * switch and the way to connect the practice system; the upload of a practice export, whose new proposals
 * show at once.
 */
export function PracticeRecordsView({ isFullAdmin }: { isFullAdmin: boolean }) {
  const qc = useQueryClient();
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
      <section aria-labelledby="upload-heading" className="grid min-w-0 gap-3">
        <h2 id="upload-heading" className="text-lg font-semibold">
          Upload a practice export
        </h2>
        <PracticeUpload onDone={() => void qc.invalidateQueries({ queryKey: matchListRoot() })} />
      </section>
    </div>
  );
}
