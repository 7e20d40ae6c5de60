'use client';

import { useId, useState } from 'react';
import { Check, Copy } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { copyText } from '@/lib/client/clipboard';

/** A read-only link with its own Copy button, for when the automatic copy failed or is wanted again. */
export function CopyableLink({ label, url }: { label: string; url: string }) {
  const id = useId();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');

  async function copy() {
    setState((await copyText(url)) ? 'copied' : 'failed');
  }

  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex gap-2">
        <Input id={id} value={url} readOnly onFocus={(e) => e.currentTarget.select()} className="font-mono" />
        <Button type="button" variant="outline" onClick={copy}>
          {state === 'copied' ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {state === 'copied' ? 'Copied' : 'Copy'}
          <span className="sr-only"> {label}</span>
        </Button>
      </div>
      <p role="status" className="min-h-4 text-xs text-muted-foreground">
        {state === 'copied' && 'Copied to your clipboard.'}
        {state === 'failed' && 'Could not copy. Select the link and copy it yourself.'}
      </p>
    </div>
  );
}
