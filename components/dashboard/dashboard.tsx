'use client';

import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useQueryState } from 'nuqs';
import { AddClientForm } from '@/components/clients/add-client-form';
import { NewReferrals } from '@/components/inbox/new-referrals';
import { ClientList } from '@/components/clients/client-list';
import { clientCountQuery } from '@/components/clients/queries';
import { tabParser, type DashboardTab } from '@/components/clients/table-params';
import { PaymentsTab } from '@/components/payments/payments-tab';
import { StartedTreatmentPrompt } from '@/components/practice/started-treatment-prompt';
import { PrintReferralPoster } from '@/components/qr/print-referral-poster';
import { UnmatchedLeads } from '@/components/referrals/unmatched-leads';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { cn } from '@/lib/utils';

interface DashboardProps {
  isFullAdmin: boolean;
  /** The first-run checklist (full admins, until it is done), drawn on the server. */
  checklist?: ReactNode;
  /** Messages that failed to send (full admins), drawn on the server. */
  failedMessages?: ReactNode;
}

// Long labels must wrap inside their column on a 375 px phone rather than overflow the tab bar.
const triggerClass = 'h-full min-h-9 px-1.5 py-1.5 text-xs leading-tight whitespace-normal sm:text-sm';
// Panels stay mounted so that typed text, open rows and dialogs survive a change of tab.
const panelClass = 'data-[state=inactive]:hidden';

/**
 * The Referral Reward Card dashboard. The chosen tab is in the URL (?tab=), so a reload, Back or a shared link
 * opens the same tab; the page's server render has already fetched the client count and the table's first page.
 */
export function Dashboard({ isFullAdmin, checklist, failedMessages }: DashboardProps) {
  const [requested, setTab] = useQueryState('tab', tabParser.withOptions({ history: 'push' }));
  // Staff who are not full admins have no Payments tab, whatever a link says.
  const tab: DashboardTab = requested === 'payments' && !isFullAdmin ? 'add-client' : requested;
  const count = useQuery(clientCountQuery()).data ?? 0;

  function showAddClient() {
    void setTab(null);
    // The button that asked is now hidden: carry focus to the form.
    requestAnimationFrame(() => document.getElementById('add-client-firstName')?.focus());
  }

  return (
    <div className="grid min-w-0 gap-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Referral Reward Card</h1>
        {/* Where reception looks for the programme: its poster for the desk (issue 29, point 13). */}
        <PrintReferralPoster />
      </div>
      {checklist}
      {failedMessages}
      {/* Issue 34: proposals from the practice's records waiting for staff; nothing when there are none. */}
      <StartedTreatmentPrompt />
      <NewReferrals />

      <Tabs
        value={tab}
        onValueChange={(value) => void setTab(value === 'add-client' ? null : (value as DashboardTab))}
        className="min-w-0 gap-4"
      >
        <TabsList className={cn('grid h-auto w-full', isFullAdmin ? 'grid-cols-3' : 'grid-cols-2')}>
          <TabsTrigger value="add-client" className={triggerClass}>
            Add Client
          </TabsTrigger>
          <TabsTrigger value="clients" className={triggerClass}>
            Clients & Referrals ({count.toLocaleString('en-GB')})
          </TabsTrigger>
          {isFullAdmin && (
            <TabsTrigger value="payments" className={triggerClass}>
              Payments & Reporting
            </TabsTrigger>
          )}
        </TabsList>

        <TabsContent value="add-client" forceMount className={panelClass}>
          <AddClientForm />
        </TabsContent>
        <TabsContent value="clients" forceMount className={cn(panelClass, 'grid min-w-0 gap-4')}>
          <UnmatchedLeads />
          <ClientList isFullAdmin={isFullAdmin} count={count} onAddClient={showAddClient} />
        </TabsContent>
        {isFullAdmin && (
          <TabsContent value="payments" forceMount className={panelClass}>
            <PaymentsTab active={tab === 'payments'} />
          </TabsContent>
        )}
      </Tabs>
    </div>
  );
}
