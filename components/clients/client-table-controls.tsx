'use client';

import { useEffect, useState } from 'react';
import { ArrowDown, ArrowUp, ArrowUpDown, Search, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { TableHead } from '@/components/ui/table';
import { DEFAULT_SORT_DIR, type ClientSort } from '@/lib/validation/paging';
import { CLIENT_FILTERS } from './table-params';
import type { ClientTable } from './use-client-table';

/** How long the search waits for the next keystroke before asking the server. */
const SEARCH_DELAY_MS = 300;

/** The table's search box and filter toggles; their state is in the URL. */
export function ClientTableToolbar({ table }: { table: ClientTable }) {
  const { params, setParams, isFiltered } = table;
  const [text, setText] = useState(params.q);
  // Typing waits for a pause before the URL (and so the list) changes; Back and a reload bring the text back.
  useEffect(() => {
    if (text === params.q) return;
    const timer = setTimeout(() => void setParams({ q: text || null }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, params.q, setParams]);
  const [shownQ, setShownQ] = useState(params.q);
  if (shownQ !== params.q) {
    setShownQ(params.q);
    setText(params.q);
  }

  return (
    <div className="grid gap-3">
      <div className="grid gap-2 sm:max-w-sm">
        <Label htmlFor="client-table-search">Filter the table</Label>
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            id="client-table-search"
            type="search"
            value={text}
            autoComplete="off"
            placeholder="Name, email, card number or affiliate"
            className="pl-8"
            onChange={(e) => setText(e.target.value)}
          />
        </div>
      </div>
      <div role="group" aria-label="Show only clients with" className="flex flex-wrap items-center gap-2">
        {CLIENT_FILTERS.map(({ key, label }) => (
          <Button
            key={key}
            type="button"
            size="sm"
            variant={params[key] ? 'default' : 'outline'}
            aria-pressed={params[key]}
            onClick={() => void setParams({ [key]: params[key] ? null : true })}
          >
            {label}
          </Button>
        ))}
        {isFiltered && (
          <Button
            type="button"
            size="sm"
            variant="ghost"
            onClick={() => {
              setText('');
              void setParams({ q: null, owed: null, bacsMissing: null, noReferrals: null, affiliate: null });
            }}
          >
            <X aria-hidden="true" />
            Clear filters
          </Button>
        )}
      </div>
    </div>
  );
}

/** A column header that sorts the table by it (on the server); a second click turns the order round. */
export function SortableHead({
  table,
  sort,
  label,
  className,
}: {
  table: ClientTable;
  sort: ClientSort;
  label: string;
  className?: string;
}) {
  const { params, setParams } = table;
  const active = params.sort === sort;
  const dir = active ? (params.dir ?? DEFAULT_SORT_DIR[sort]) : null;
  const Icon = dir === 'asc' ? ArrowUp : dir === 'desc' ? ArrowDown : ArrowUpDown;
  const next = active ? (dir === 'asc' ? 'desc' : 'asc') : DEFAULT_SORT_DIR[sort];

  return (
    <TableHead
      className={className}
      aria-sort={dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : undefined}
    >
      <Button
        type="button"
        variant="ghost"
        size="sm"
        className="-ml-2.5 h-8"
        onClick={() =>
          void setParams({
            sort: sort === 'created' && next === 'desc' ? null : sort,
            dir: next === DEFAULT_SORT_DIR[sort] ? null : next,
          })
        }
      >
        {label}
        <Icon className="size-3.5" aria-hidden="true" />
      </Button>
    </TableHead>
  );
}
