'use client';

import { useEffect, useState } from 'react';
import { Search } from 'lucide-react';
import { Input } from '@/components/ui/input';
import type { Page } from '@/lib/client/api';
import type { ClientDto } from '@/lib/dto/clients';
import { cn } from '@/lib/utils';
import { searchClients } from './queries';
import { fullName } from './referral-helpers';
import { useServerSearch, type ServerSearchState } from './use-server-search';

/** Enough to choose from; a longer list means the name needs more letters. */
const OPTIONS = 10;

const searchReferrers = (q: string, signal: AbortSignal): Promise<Page<ClientDto>> =>
  searchClients(q, OPTIONS, signal);

/** How a chosen referrer reads in the field: the name, and the card number that tells namesakes apart. */
export function referrerLabel(client: ClientDto): string {
  return `${fullName(client)} (${client.cardNumber})`;
}

function statusText(state: ServerSearchState<ClientDto>, query: string): string {
  switch (state.status) {
    case 'idle':
      return '';
    case 'loading':
      return 'Searching...';
    case 'error':
      return state.message;
    case 'ready': {
      if (state.total === 0) return `No clients match "${query}"`;
      const shown = state.items.length;
      const more = state.total > shown ? ` (the first ${shown}: type more to narrow the search)` : '';
      return `${state.total.toLocaleString('en-GB')} ${state.total === 1 ? 'client' : 'clients'} found${more}. Use the arrow keys and Enter to choose.`;
    }
  }
}

interface ReferrerPickerProps {
  /** The field's id, for its label. */
  id: string;
  value: ClientDto | null;
  /** A client was chosen, or the text was changed (null: none chosen until one is). */
  onChange: (client: ClientDto | null) => void;
  onBlur?: () => void;
  invalid: boolean;
  describedBy?: string;
  inputRef?: React.Ref<HTMLInputElement>;
}

/**
 * The referrer of Add Manual Referral: shows the chosen client, and typing searches every client on the server
 * (a clinic group's 100,000 clients fit no select). An ARIA 1.2 combobox: arrow keys move through the options,
 * Enter or a click chooses, Escape closes the list and puts back the client chosen before.
 */
export function ReferrerPicker({
  id,
  value,
  onChange,
  onBlur,
  invalid,
  describedBy,
  inputRef,
}: ReferrerPickerProps) {
  const [text, setText] = useState(() => (value ? referrerLabel(value) : ''));
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  /** The client chosen before typing began, for Escape. */
  const [previous, setPrevious] = useState<ClientDto | null>(value);
  // Only typed text is searched for: the label of the chosen client is not a search.
  const { query, state } = useServerSearch(open && !value ? text : '', searchReferrers, 'referrers');
  const options = state.status === 'ready' ? state.items : [];
  const activeOption = open ? options[active] : undefined;
  const listId = `${id}-options`;
  const statusId = `${id}-status`;
  const optionId = (client: ClientDto) => `${id}-option-${client.id}`;

  // The active option stays in view as the arrow keys move through a list that scrolls.
  useEffect(() => {
    if (activeOption) document.getElementById(optionId(activeOption))?.scrollIntoView({ block: 'nearest' });
  });

  function type(next: string) {
    setText(next);
    setOpen(true);
    setActive(-1);
    if (value) {
      setPrevious(value);
      onChange(null);
    }
  }

  function choose(client: ClientDto) {
    setText(referrerLabel(client));
    setOpen(false);
    setActive(-1);
    setPrevious(client);
    onChange(client);
  }

  function onKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    const last = options.length - 1;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) setOpen(true);
        else if (last >= 0) setActive((i) => (i >= last ? 0 : i + 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (open && last >= 0) setActive((i) => (i <= 0 ? last : i - 1));
        break;
      case 'Enter':
        // Enter chooses; without an active option it submits the form as usual.
        if (activeOption) {
          event.preventDefault();
          choose(activeOption);
        }
        break;
      case 'Escape':
        // The dialog around it leaves an open list's Escape to it (see AddReferralDialog).
        if (open) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
          if (!value && previous) choose(previous);
        }
        break;
    }
  }

  const expanded = open && options.length > 0;
  const status = open ? statusText(state, query) : '';

  return (
    <div className="grid gap-2">
      <div className="relative">
        <Search
          className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          ref={inputRef}
          id={id}
          role="combobox"
          type="text"
          value={text}
          placeholder="Type a client's name, email or card number"
          autoComplete="off"
          spellCheck={false}
          required
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={activeOption ? optionId(activeOption) : undefined}
          aria-invalid={invalid || undefined}
          aria-describedby={[statusId, describedBy].filter(Boolean).join(' ')}
          className="pl-8"
          onChange={(e) => type(e.target.value)}
          onKeyDown={onKeyDown}
          onBlur={() => {
            setOpen(false);
            setActive(-1);
            onBlur?.();
          }}
        />
      </div>
      <p
        id={statusId}
        role="status"
        aria-live="polite"
        className={status ? 'text-xs text-muted-foreground' : 'sr-only'}
      >
        {status}
      </p>
      <ul
        id={listId}
        role="listbox"
        aria-label="Clients"
        hidden={!expanded}
        className="max-h-56 overflow-y-auto rounded-md border"
      >
        {options.map((client, index) => (
          <li
            key={client.id}
            id={optionId(client)}
            role="option"
            aria-selected={index === active}
            className={cn(
              'grid cursor-pointer gap-0.5 px-3 py-2 text-sm',
              index === active ? 'bg-accent text-accent-foreground' : 'hover:bg-accent/50',
            )}
            // Keeps focus in the field, so that choosing with the pointer does not close the list first.
            onMouseDown={(e) => e.preventDefault()}
            onMouseMove={() => setActive(index)}
            onClick={() => choose(client)}
          >
            <span className="font-medium break-words">{fullName(client)}</span>
            <span className="text-xs break-all text-muted-foreground">
              <span className="font-mono">{client.cardNumber}</span> · {client.email}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
