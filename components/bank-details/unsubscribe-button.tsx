'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/client/api';
import { callPublic } from '@/lib/contract/public-call';

/** The unsubscribe page's button (a public page, without the staff app's query client): one call, then done. */
export function UnsubscribeButton({ token }: { token: string }) {
  const [state, setState] = useState<'idle' | 'busy' | 'done'>('idle');
  const [problem, setProblem] = useState<string | null>(null);
  if (state === 'done') {
    return <p role="status">Done: you will not get these emails any more.</p>;
  }
  return (
    <div className="grid gap-2">
      <Button
        size="lg"
        disabled={state === 'busy'}
        onClick={async () => {
          setState('busy');
          setProblem(null);
          try {
            await callPublic('unsubscribe', { params: { token } });
            setState('done');
          } catch (error) {
            setProblem(errorMessage(error));
            setState('idle');
          }
        }}
      >
        Unsubscribe
      </Button>
      {problem && (
        <p role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      )}
    </div>
  );
}
