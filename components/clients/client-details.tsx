import type { ReactNode } from 'react';

/** Label/value pairs shown in the client dialogs. */
export function ClientDetails({ items }: { items: { label: string; value: ReactNode }[] }) {
  return (
    <dl className="grid gap-x-4 gap-y-2 rounded-md border bg-muted/40 p-3 text-sm sm:grid-cols-[auto_1fr]">
      {items.map(({ label, value }) => (
        <div key={label} className="contents">
          <dt className="font-medium text-muted-foreground">{label}</dt>
          <dd className="min-w-0 break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
