'use client';

import { useEffect, useId, useRef, useState } from 'react';
import { Check, Copy } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { copyText } from '@/lib/client/clipboard';

/** The member's review page address, read-only, with a Copy button that says whether it worked. */
export function ReviewLink({ url, name }: { url: string; name: string }) {
  const id = useId();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    const copied = await copyText(url);
    setState(copied ? 'copied' : 'failed');
    clearTimeout(timer.current);
    // 'Copied' goes back to 'Copy' after a while, so that a second copy is visibly a new one.
    if (copied) timer.current = setTimeout(() => setState('idle'), 4000);
  }

  return (
    <div className="grid grid-cols-1 gap-2">
      <Label htmlFor={id}>
        Review link<span className="sr-only"> of {name}</span>
      </Label>
      <div className="flex gap-2">
        <Input
          id={id}
          value={url}
          readOnly
          onFocus={(e) => e.currentTarget.select()}
          className="min-w-0 font-mono text-xs md:text-xs"
        />
        <Button type="button" variant="outline" onClick={copy} className="shrink-0">
          {state === 'copied' ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {state === 'copied' ? 'Copied' : 'Copy'}
          <span className="sr-only"> the review link of {name}</span>
        </Button>
      </div>
      <p role="status" className="min-h-4 text-xs text-muted-foreground">
        {state === 'copied' && 'Copied to your clipboard.'}
        {state === 'failed' && 'Could not copy. Select the link and copy it yourself.'}
      </p>
    </div>
  );
}
