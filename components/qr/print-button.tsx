'use client';

import type { ComponentProps, ReactNode } from 'react';
import { Loader2, Printer } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

/**
 * A button that downloads a printable PDF: a spinner and 'Preparing…' while the server draws it (a second or
 * two), and aria-disabled rather than disabled meanwhile, so keyboard focus stays on it.
 */
export function PrintButton({
  busy,
  onClick,
  children,
  className,
  ...props
}: { busy: boolean; onClick: () => void; children: ReactNode } & Omit<
  ComponentProps<typeof Button>,
  'onClick' | 'children'
>) {
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      onClick={() => !busy && onClick()}
      aria-disabled={busy || undefined}
      className={cn('aria-disabled:opacity-70', className)}
      {...props}
    >
      {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Printer aria-hidden="true" />}
      {busy ? (
        <>
          Preparing…<span className="sr-only"> the PDF</span>
        </>
      ) : (
        children
      )}
    </Button>
  );
}
