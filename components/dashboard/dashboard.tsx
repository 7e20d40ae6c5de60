'use client';

import { useCallback, useState } from 'react';
import { AddClientForm } from '@/components/clients/add-client-form';
import { ClientList } from '@/components/clients/client-list';
import { useClients } from '@/components/clients/use-clients';
import { PaymentsTab } from '@/components/payments/payments-tab';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import type { ReferralDto } from '@/lib/dto/referrals';
import { cn } from '@/lib/utils';

interface DashboardProps {
  /** The number of clients when the page was rendered, shown until the first page of the list has come. */
  clientCount: number;
  isFullAdmin: boolean;
}

type TabValue = 'add-client' | 'clients' | 'payments';

// Long labels must wrap inside their column on a 375 px phone rather than overflow the tab bar.
const triggerClass = 'h-full min-h-9 px-1.5 py-1.5 text-xs leading-tight whitespace-normal sm:text-sm';
// Panels stay mounted so that typed text, open rows and dialogs survive a change of tab.
const panelClass = 'data-[state=inactive]:hidden';

export function Dashboard({ clientCount, isFullAdmin }: DashboardProps) {
  const [tab, setTab] = useState<TabValue>('add-client');
  const clients = useClients(clientCount);

  // Payments made on the reporting tab show at once on the clients tab too (changed referrals: counts stay).
  const { changeReferral } = clients;
  const showPaidReferrals = useCallback(
    (referrals: ReferralDto[]) =>
      referrals.forEach((referral) => changeReferral(referral.referrerId, { kind: 'changed', referral })),
    [changeReferral],
  );

  function showAddClient() {
    setTab('add-client');
    // The button that asked is now hidden: carry focus to the form.
    requestAnimationFrame(() => document.getElementById('add-client-firstName')?.focus());
  }

  return (
    <div className="grid gap-6">
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Referral Reward Card</h1>

      <Tabs value={tab} onValueChange={(value) => setTab(value as TabValue)} className="gap-4">
        <TabsList className={cn('grid h-auto w-full', isFullAdmin ? 'grid-cols-3' : 'grid-cols-2')}>
          <TabsTrigger value="add-client" className={triggerClass}>
            Add Client
          </TabsTrigger>
          <TabsTrigger value="clients" className={triggerClass}>
            Clients & Referrals ({clients.count.toLocaleString('en-GB')})
          </TabsTrigger>
          {isFullAdmin && (
            <TabsTrigger value="payments" className={triggerClass}>
              Payments & Reporting
            </TabsTrigger>
          )}
        </TabsList>

        <TabsContent value="add-client" forceMount className={panelClass}>
          <AddClientForm onClient={clients.upsert} />
        </TabsContent>
        <TabsContent value="clients" forceMount className={panelClass}>
          <ClientList data={clients} isFullAdmin={isFullAdmin} onAddClient={showAddClient} />
        </TabsContent>
        {isFullAdmin && (
          <TabsContent value="payments" forceMount className={panelClass}>
            <PaymentsTab active={tab === 'payments'} onReferralsChanged={showPaidReferrals} />
          </TabsContent>
        )}
      </Tabs>
    </div>
  );
}
