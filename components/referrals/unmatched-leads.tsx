'use client';

import { useId } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { Link2 } from 'lucide-react';
import { toast } from 'sonner';
import { QueryLoadMore } from '@/components/shared/load-more';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import * as leads from '@/lib/contract/leads';
import { showServerError, useSchemaForm } from '@/lib/contract/form';
import type { LeadDto } from '@/lib/dto/referrals';
import { formatDateTime } from '@/lib/format';
import { pagedItems, pagedTotal } from '@/lib/query/paged';
import { ClientMatches } from './client-matches';
import { useAttachLead } from './mutations';
import { referrerSuggestionsQuery, unmatchedLeadsQuery } from './queries';

/**
 * Friends who named a referrer the app could not match (issues 16 and 29): a card number that matches no client,
 * or the name typed in 'Who recommended you?'. What they typed is kept, and staff attach the right client by card
 * number (or pick one of the clients whose name matches), which gives the lead its referrer and a pending
 * referral. Shown only when there are any.
 */
export function UnmatchedLeads() {
  const query = useInfiniteQuery(unmatchedLeadsQuery());
  const leads = pagedItems(query.data);
  if (!leads.length) return null;
  const total = pagedTotal(query.data);
  return (
    <Card role="region" aria-labelledby="unmatched-heading">
      <CardHeader>
        <CardTitle id="unmatched-heading" role="heading" aria-level={2}>
          Referrers to match ({total.toLocaleString('en-GB')})
        </CardTitle>
        <CardDescription>
          These friends named who recommended them, but no client matched: a card number not found, or a name.
          Attach the client who recommended them.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <ul className="grid gap-3">
          {leads.map((lead) => (
            <UnmatchedLead key={lead.id} lead={lead} />
          ))}
        </ul>
        <QueryLoadMore
          query={query}
          shownText={`${leads.length} of ${total.toLocaleString('en-GB')} shown`}
          label="Load more leads"
        />
      </CardContent>
    </Card>
  );
}

/** What the friend said about who recommended them, as staff should read it. */
export function TypedReferrer({ lead }: { lead: Pick<LeadDto, 'enteredCardNumber' | 'recommendedBy'> }) {
  if (lead.enteredCardNumber) {
    return (
      <span className="font-medium text-destructive">Card number not found: {lead.enteredCardNumber}</span>
    );
  }
  if (lead.recommendedBy) {
    return (
      <span>
        <span className="text-muted-foreground">Says they were recommended by</span>{' '}
        <span className="font-medium">{lead.recommendedBy}</span>
      </span>
    );
  }
  return null;
}

function UnmatchedLead({ lead }: { lead: LeadDto }) {
  return (
    <li className="grid gap-2 rounded-lg border p-3">
      <div className="grid gap-0.5 text-sm">
        <span className="font-medium">
          {lead.firstName} {lead.lastName}
        </span>
        <span className="break-all text-muted-foreground">
          {lead.email} · {formatDateTime(lead.createdAt)}
        </span>
        <TypedReferrer lead={lead} />
      </div>
      <AttachClientForm lead={lead} />
    </li>
  );
}

/** How many clients whose name matches the typed one are offered. */
const SUGGESTIONS = 3;

/**
 * Attaches the client who recommended a lead the app could not match (here and in the inbox): by card number,
 * or, when the friend typed a name, by choosing one of the clients with that name (a search of at most three,
 * made only for such leads). The card number is checked with the endpoint's own schema; a refusal shows under
 * it.
 */
export function AttachClientForm({
  lead,
}: {
  lead: Pick<LeadDto, 'id' | 'firstName' | 'lastName' | 'recommendedBy' | 'enteredCardNumber'>;
}) {
  const id = useId();
  const typedName = lead.enteredCardNumber ? null : lead.recommendedBy?.trim() || null;
  const suggestions = useQuery(referrerSuggestionsQuery(typedName, SUGGESTIONS));
  const attach = useAttachLead();
  const form = useSchemaForm(leads.attach.body, { defaultValues: { cardNumber: '' } });
  const cardNumber = useWatch({ control: form.control, name: 'cardNumber' }) ?? '';
  const refusal = form.formState.errors.root?.message;
  const refusalId = `${id}-error`;

  /** Attaches the client with this card number (typed, or a suggestion chosen). */
  async function attachTo(value: string) {
    form.clearErrors('root');
    try {
      const result = await attach.mutateAsync({ params: { id: lead.id }, body: { cardNumber: value } });
      toast.success(
        `${lead.firstName} ${lead.lastName} attached to ${result.referral?.referrerName ?? 'the client'}`,
      );
    } catch (e) {
      showServerError(form, e);
    }
  }

  const matches = suggestions.data?.items ?? [];
  return (
    <div className="grid gap-2">
      {matches.length > 0 && (
        <div className="grid gap-1 text-sm">
          <p className="text-muted-foreground">
            Clients named like <q>{typedName}</q>:
          </p>
          <ClientMatches
            clients={matches}
            label={`Clients named like ${typedName}`}
            action={{
              label: 'Attach',
              describe: (name) => `${name} as who recommended ${lead.firstName} ${lead.lastName}`,
              disabled: attach.isPending,
              onChoose: (client) => void attachTo(client.cardNumber),
            }}
          />
        </div>
      )}
      <Form {...form}>
        <form
          onSubmit={(event) => {
            form.clearErrors('root');
            void form.handleSubmit(({ cardNumber: value }) => attachTo(value))(event);
          }}
          className="grid gap-1"
          noValidate
        >
          <FormField
            control={form.control}
            name="cardNumber"
            render={({ field, fieldState }) => (
              <FormItem
                id={`${id}-card`}
                className="gap-1"
                describedBy={refusal && !fieldState.error ? refusalId : undefined}
              >
                <FormLabel>Client&apos;s card number</FormLabel>
                <div className="flex min-w-0 gap-2">
                  <FormControl aria-invalid={fieldState.invalid || Boolean(refusal) || undefined}>
                    <Input
                      {...field}
                      placeholder="SC-XXXX-XXXX-XXXX"
                      autoComplete="off"
                      className="min-w-0 flex-1 font-mono uppercase sm:w-48 sm:flex-none"
                    />
                  </FormControl>
                  <Button type="submit" disabled={attach.isPending || !cardNumber.trim()}>
                    <Link2 aria-hidden="true" />
                    Attach
                    <span className="sr-only">
                      {' '}
                      {lead.firstName} {lead.lastName}
                    </span>
                  </Button>
                </div>
                <FormMessage role="alert" />
                {refusal && !fieldState.error && (
                  <p id={refusalId} role="alert" className="text-sm text-destructive">
                    {refusal}
                  </p>
                )}
              </FormItem>
            )}
          />
        </form>
      </Form>
    </div>
  );
}
