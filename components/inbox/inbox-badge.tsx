'use client';

import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Badge } from '@/components/ui/badge';
import { inboxCountQuery } from './queries';

/** The number of new referrals beside 'Referral Reward Card' in the navigation; nothing when there are none. */
export function InboxBadge() {
  const count = useQuery(inboxCountQuery()).data ?? 0;
  if (!count) return null;
  return (
    <Badge variant="destructive" className="tabular-nums" data-testid="inbox-badge">
      {count.toLocaleString('en-GB')}
      <span className="sr-only"> new {count === 1 ? 'referral' : 'referrals'}</span>
    </Badge>
  );
}

const PREFIX = /^\(\d[\d,]*\) /;

/**
 * The same number at the front of the page title, '(3) Settings | Smile Referrals', so a clinic with the app
 * in a background tab sees new leads arrive. Next sets the title on each navigation; this puts the number back.
 */
export function InboxTitle() {
  const count = useQuery(inboxCountQuery()).data ?? 0;
  useEffect(() => {
    const apply = () => {
      const bare = document.title.replace(PREFIX, '');
      const wanted = count ? `(${count.toLocaleString('en-GB')}) ${bare}` : bare;
      if (document.title !== wanted) document.title = wanted;
    };
    apply();
    const observer = new MutationObserver(apply);
    observer.observe(document.head, { subtree: true, childList: true, characterData: true });
    return () => {
      observer.disconnect();
      document.title = document.title.replace(PREFIX, '');
    };
  }, [count]);
  return null;
}
