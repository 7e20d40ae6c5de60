'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { clientAnchorId } from '@/components/referrals/anchors';

interface PendingFocus {
  clientId: string;
  /** The element to focus: the client's heading, or one of its referrals. */
  targetId: string;
}

interface RowRevealOptions {
  /** A row opened: its referrals are loaded, unless they are already. */
  onExpand: (clientId: string) => void;
  /** Whether loading that client's referrals failed (a referral waited for will not come). */
  referralsFailed: (clientId: string) => boolean;
}

/**
 * Which client rows are open, and moving focus (and the view) to an element of a row once it is on screen:
 * a search result or leaderboard entry asks for a row that may not be loaded yet, and a referral appears only
 * once its client's referrals have loaded.
 */
export function useRowReveal({ onExpand, referralsFailed }: RowRevealOptions) {
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const pendingFocusRef = useRef<PendingFocus | null>(null);
  // A render to look for the element in, when nothing else on the page changes.
  const [, setFocusRequests] = useState(0);

  const setRowExpanded = useCallback(
    (clientId: string, isExpanded: boolean) => {
      setExpanded((current) => {
        if (current.has(clientId) === isExpanded) return current;
        const next = new Set(current);
        if (isExpanded) next.add(clientId);
        else next.delete(clientId);
        return next;
      });
      if (isExpanded) onExpand(clientId);
    },
    [onExpand],
  );

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
    if (!element && referralsFailed(pending.clientId)) {
      element = document.getElementById(clientAnchorId(pending.clientId));
    }
    if (!element) return;
    pendingFocusRef.current = null;
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    element.scrollIntoView({ block: 'center', behavior: reduceMotion ? 'auto' : 'smooth' });
    element.focus({ preventScroll: true });
  });

  return { expanded, setRowExpanded, reveal, focusWhenShown };
}
