'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { clientAnchorId } from '@/components/referrals/anchors';
import { referralKeys } from '@/lib/query/keys';

/**
 * Which client rows are open, and moving focus (and the view) to an element of a row once it is on screen: a
 * search result or leaderboard entry asks for a row that may not be loaded yet, and a referral appears only
 * once its client's referrals have loaded.
 */
export function useRowReveal() {
  const qc = useQueryClient();
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const pendingFocusRef = useRef<{ clientId: string; targetId: string } | null>(null);
  // A render to look for the element in, when nothing else on the page changes.
  const [, setFocusRequests] = useState(0);

  const setRowExpanded = useCallback((clientId: string, isExpanded: boolean) => {
    setExpanded((current) => {
      if (current.has(clientId) === isExpanded) return current;
      const next = new Set(current);
      if (isExpanded) next.add(clientId);
      else next.delete(clientId);
      return next;
    });
  }, []);

  /** Moves focus to `targetId` once it is rendered. */
  const focusWhenShown = useCallback((clientId: string, targetId: string) => {
    pendingFocusRef.current = { clientId, targetId };
    setFocusRequests((n) => n + 1);
  }, []);

  /** Opens a client's row and moves focus to `targetId` once it is on screen. */
  const reveal = useCallback(
    (clientId: string, targetId: string) => {
      focusWhenShown(clientId, targetId);
      setRowExpanded(clientId, true);
    },
    [focusWhenShown, setRowExpanded],
  );

  useEffect(() => {
    const pending = pendingFocusRef.current;
    if (!pending) return;
    let element = document.getElementById(pending.targetId);
    // The referral asked for cannot come: its client's row is the nearest place.
    const failed = qc.getQueryState(referralKeys.byClient(pending.clientId))?.status === 'error';
    if (!element && failed) element = document.getElementById(clientAnchorId(pending.clientId));
    if (!element) {
      // The row's referrals load in a child of this list: look again once the cache has news.
      return qc.getQueryCache().subscribe(() => setFocusRequests((n) => n + 1));
    }
    pendingFocusRef.current = null;
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    element.scrollIntoView({ block: 'center', behavior: reduceMotion ? 'auto' : 'smooth' });
    element.focus({ preventScroll: true });
  });

  return { expanded, setRowExpanded, reveal, focusWhenShown };
}
