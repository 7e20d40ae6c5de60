'use client';

import Link from 'next/link';
import { useQuery } from '@tanstack/react-query';
import { ArrowRight, Stethoscope } from 'lucide-react';
import { proposedCountQuery } from './queries';
import { promptText } from './texts';

/**
 * On the dashboard (issue 34): "Started treatment? N to confirm", linking to the proposals; nothing when there
 * are none. The count comes with the dashboard's server render and follows every decision (the referrals'
 * area is invalidated by each).
 */
export function StartedTreatmentPrompt() {
  const count = useQuery(proposedCountQuery()).data ?? 0;
  const text = promptText(count);
  if (!text) return null;
  return (
    <Link
      href="/practice-records"
      className="flex items-center gap-3 rounded-lg border bg-card px-4 py-3 text-sm font-medium text-card-foreground shadow-xs transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      <Stethoscope className="size-4 shrink-0 text-primary" aria-hidden="true" />
      <span className="flex-1">{text}</span>
      <ArrowRight className="size-4 shrink-0" aria-hidden="true" />
    </Link>
  );
}
