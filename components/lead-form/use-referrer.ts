'use client';

import { useEffect, useState } from 'react';
import { apiFetch } from '@/lib/client/api';

/** The referrer named by the page's ref (a card number), as GET /api/users/card/{cardNumber} answers. */
export type ReferrerState =
  /** No ref: nobody to look up. */
  | { status: 'none' }
  | { status: 'loading' }
  | { status: 'found'; firstName: string; lastName: string; fullName: string }
  /** Spec section 8: 'Failed to fetch referrer data'. The form still works and still sends the card number. */
  | { status: 'failed' };

interface CardholderName {
  firstName: string;
  lastName: string;
}

/** Looks the referrer up once per card number; a lookup that is no longer wanted is cancelled. */
export function useReferrer(cardNumber: string | undefined): ReferrerState {
  const [result, setResult] = useState<{ cardNumber: string; state: ReferrerState } | null>(null);

  useEffect(() => {
    if (!cardNumber) return;
    const controller = new AbortController();
    apiFetch<CardholderName>(`/api/users/card/${encodeURIComponent(cardNumber)}`, {
      signal: controller.signal,
    })
      .then(({ firstName, lastName }) => {
        const fullName = `${firstName ?? ''} ${lastName ?? ''}`.trim();
        setResult({
          cardNumber,
          state: fullName
            ? { status: 'found', firstName: firstName ?? '', lastName: lastName ?? '', fullName }
            : { status: 'failed' },
        });
      })
      .catch(() => {
        if (controller.signal.aborted) return;
        setResult({ cardNumber, state: { status: 'failed' } });
      });
    return () => controller.abort();
  }, [cardNumber]);

  if (!cardNumber) return { status: 'none' };
  // Until this card number's answer is in (including a change of card number), it is loading.
  return result?.cardNumber === cardNumber ? result.state : { status: 'loading' };
}
