'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { ApiError, errorMessage } from '@/lib/client/api';
import type {
  PendingScanDto,
  ReviewPlatform,
  TeamBonusMonthDto,
  TeamMemberDto,
  TeamReviewDto,
  TeamStatsDto,
} from '@/lib/dto/team';
import { formatPounds } from '@/lib/money';
import { currentUkMonth } from '@/lib/uk-time';
import * as api from './team-api';
import {
  countLabel,
  memberName,
  periodLabel,
  UNDO_WINDOW_MS,
  withoutMember,
  withUpdatedReviews,
  withVerifiedReview,
  type Period,
} from './team-helpers';

export type Load<T> =
  { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; data: T };

export type Resource = 'members' | 'stats' | 'scans' | 'month';

/** What a row's action answers: done, or the message to show beside it. */
export type ActionResult = { ok: true } | { ok: false; message: string };

/** The attribute on the element that should take focus when an Undo button inside it goes away. */
export const UNDO_HOME_ATTRIBUTE = 'data-undo-home';
/** Inside that element, the one that takes the focus (a heading, say). */
export const UNDO_FOCUS_ATTRIBUTE = 'data-undo-focus';

const bulkKey = (teamMemberId: string, { year, month }: Period) => `${teamMemberId}:${year}-${month}`;

function ready<T>(load: Load<T>, update: (data: T) => T): Load<T> {
  return load.status === 'ready' ? { status: 'ready', data: update(load.data) } : load;
}

/** A background reload that fails keeps what is shown; a first load that fails is the error state. */
function failed<T>(load: Load<T>, message: string, background: boolean): Load<T> {
  return background && load.status === 'ready' ? load : { status: 'error', message };
}

/** Gone or already dealt with elsewhere: the list should forget the item rather than offer it again. */
const isStale = (e: unknown) => e instanceof ApiError && (e.status === 404 || e.status === 409);

/**
 * When the Undo button inside `[data-undo-home=key]` is about to disappear while it has focus, focus moves
 * first to that element's `[data-undo-focus]` (or the element itself; either has tabIndex -1), so that
 * keyboard users are not dropped at the top of the page.
 */
function keepFocusNear(key: string) {
  const home = document.querySelector<HTMLElement>(`[${UNDO_HOME_ATTRIBUTE}="${CSS.escape(key)}"]`);
  if (!home || !home.contains(document.activeElement)) return;
  const target = home.querySelector<HTMLElement>(`[${UNDO_FOCUS_ATTRIBUTE}]`) ?? home;
  if (target !== document.activeElement) target.focus();
}

/**
 * The data of the Team Reviews page and every action on it. Members and scan statistics load for all staff;
 * pending scans and the bonus month for full admins. Each action shows its result at once and then reloads,
 * in the background, whatever else it changed (counts, earnings, totals), so nothing needs a page reload.
 */
export function useTeamReviews(isFullAdmin: boolean) {
  const [members, setMembers] = useState<Load<TeamMemberDto[]>>({ status: 'loading' });
  const [stats, setStats] = useState<Load<TeamStatsDto>>({ status: 'loading' });
  const [scans, setScans] = useState<Load<PendingScanDto[]>>({ status: 'loading' });
  const [period, setPeriodState] = useState<Period>(() => currentUkMonth());
  const [month, setMonth] = useState<Load<TeamBonusMonthDto>>({ status: 'loading' });
  /** Keys of actions with a call running: scan:{id}, review:{id}, payall:{memberId}, undobulk:{memberId}. */
  const [busy, setBusy] = useState<ReadonlySet<string>>(() => new Set());
  /** Reviews paid with 'Mark Paid' in the last 30 seconds: they offer 'Undo'. */
  const [undoable, setUndoable] = useState<ReadonlySet<string>>(() => new Set());
  /** 'Pay All Outstanding' payments of the last 30 seconds, by member and month: exactly what each paid. */
  const [bulk, setBulk] = useState<ReadonlyMap<string, string[]>>(() => new Map());

  // A second click before React re-renders must not send a second call.
  const busyRef = useRef(new Set<string>());
  // Each load counts; an answer that is no longer the latest is dropped (a slower, older one must not win).
  const seqRef = useRef<Record<Resource, number>>({ members: 0, stats: 0, scans: 0, month: 0 });
  const periodRef = useRef(period);
  const timersRef = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const mountedRef = useRef(true);

  useEffect(() => {
    mountedRef.current = true;
    const timers = timersRef.current;
    return () => {
      mountedRef.current = false;
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    };
  }, []);

  // ---------------------------------------------------------------------------------------------- loading

  const load = useCallback(async (resource: Resource, background: boolean): Promise<string | null> => {
    const mine = ++seqRef.current[resource];
    const latest = () => mountedRef.current && mine === seqRef.current[resource];
    try {
      switch (resource) {
        case 'members': {
          const data = await api.fetchMembers();
          if (latest()) setMembers({ status: 'ready', data });
          break;
        }
        case 'stats': {
          const data = await api.fetchStats();
          if (latest()) setStats({ status: 'ready', data });
          break;
        }
        case 'scans': {
          const data = await api.fetchPendingScans();
          if (latest()) setScans({ status: 'ready', data });
          break;
        }
        case 'month': {
          const target = periodRef.current;
          const data = await api.fetchBonusMonth(target);
          if (latest()) setMonth({ status: 'ready', data });
          break;
        }
      }
      return null;
    } catch (e) {
      console.error(`Loading the team ${resource} failed`, e);
      const message = errorMessage(e);
      if (latest()) {
        const apply = <T>(s: Load<T>) => failed(s, message, background);
        if (resource === 'members') setMembers(apply);
        else if (resource === 'stats') setStats(apply);
        else if (resource === 'scans') setScans(apply);
        else setMonth(apply);
      }
      return message;
    }
  }, []);

  /** Reloads what an action changed, keeping what is shown; a failure is one toast, not an error state. */
  const refresh = useCallback(
    async (...resources: Resource[]) => {
      const wanted = resources.filter((r) => isFullAdmin || (r !== 'scans' && r !== 'month'));
      const errors = await Promise.all(wanted.map((r) => load(r, true)));
      const error = errors.find((e) => e !== null);
      if (error && mountedRef.current) toast.error(`The team reviews could not be refreshed. ${error}`);
    },
    [isFullAdmin, load],
  );

  useEffect(() => {
    const first: Resource[] = isFullAdmin ? ['members', 'stats', 'scans', 'month'] : ['members', 'stats'];
    void Promise.all(first.map((resource) => load(resource, false)));
  }, [isFullAdmin, load]);

  /** 'Try again' after a failed load: that list shows its skeleton again while it loads. */
  const retry = useCallback(
    (resource: Resource) => {
      const loading = { status: 'loading' } as const;
      if (resource === 'members') setMembers(loading);
      else if (resource === 'stats') setStats(loading);
      else if (resource === 'scans') setScans(loading);
      else setMonth(loading);
      void load(resource, false);
    },
    [load],
  );

  const setPeriod = useCallback(
    (next: Period) => {
      periodRef.current = next;
      setPeriodState(next);
      setMonth({ status: 'loading' });
      void load('month', false);
    },
    [load],
  );

  // ----------------------------------------------------------------------------------------------- helpers

  /** Runs `task` unless the same key is already running; answers undefined when it did not run. */
  const withBusy = useCallback(async <T>(key: string, task: () => Promise<T>): Promise<T | undefined> => {
    if (busyRef.current.has(key)) return undefined;
    busyRef.current.add(key);
    setBusy(new Set(busyRef.current));
    try {
      return await task();
    } finally {
      busyRef.current.delete(key);
      if (mountedRef.current) setBusy(new Set(busyRef.current));
    }
  }, []);

  const isBusy = useCallback((key: string) => busy.has(key), [busy]);

  /** Starts (or restarts) a 30-second window; `onEnd` runs when it ends, unless it was closed first. */
  const openWindow = useCallback((key: string, onEnd: () => void) => {
    const timers = timersRef.current;
    const previous = timers.get(key);
    if (previous) clearTimeout(previous);
    timers.set(
      key,
      setTimeout(() => {
        timers.delete(key);
        keepFocusNear(key);
        onEnd();
      }, UNDO_WINDOW_MS),
    );
  }, []);

  const closeWindow = useCallback((key: string) => {
    const timer = timersRef.current.get(key);
    if (timer) clearTimeout(timer);
    timersRef.current.delete(key);
  }, []);

  const dropUndo = useCallback((reviewIds: readonly string[]) => {
    setUndoable((current) => {
      if (!reviewIds.some((id) => current.has(id))) return current;
      const next = new Set(current);
      for (const id of reviewIds) next.delete(id);
      return next;
    });
  }, []);

  const dropBulk = useCallback((key: string) => {
    setBulk((current) => {
      if (!current.has(key)) return current;
      const next = new Map(current);
      next.delete(key);
      return next;
    });
  }, []);

  // ----------------------------------------------------------------------------------------------- members

  /** Add a team member; throws the ApiError for the form to show. */
  const addMember = useCallback(
    async (values: { firstName: string; lastName: string }): Promise<TeamMemberDto> => {
      const member = await api.createMember(values);
      setMembers((s) =>
        ready(s, (list) => (list.some((m) => m.id === member.id) ? list : [...list, member])),
      );
      void refresh('stats');
      return member;
    },
    [refresh],
  );

  /** Delete a team member (full admins); throws the ApiError for the dialog to show. */
  const removeMember = useCallback(
    async (member: TeamMemberDto): Promise<void> => {
      try {
        await api.deleteMember(member.id);
      } catch (e) {
        // Already gone: the page should forget them too.
        if (!(e instanceof ApiError && e.status === 404)) throw e;
      }
      setMembers((s) => ready(s, (list) => list.filter((m) => m.id !== member.id)));
      setScans((s) => ready(s, (list) => list.filter((scan) => scan.teamMemberId !== member.id)));
      setMonth((s) => ready(s, (m) => withoutMember(m, member.id)));
      setStats((s) =>
        ready(s, (st) => ({
          ...st,
          leaderboard: st.leaderboard.filter((r) => r.teamMemberId !== member.id),
        })),
      );
      toast.success(`${memberName(member)} and their review history were deleted.`);
      void refresh('stats', 'scans', 'month');
    },
    [refresh],
  );

  // --------------------------------------------------------------------------------------- verification

  /** A verified review joined the page: the member's count and earnings move at once, then all reloads. */
  const reviewVerified = useCallback(
    (review: TeamReviewDto) => {
      setMembers((s) => ready(s, (list) => withVerifiedReview(list, review)));
      void refresh('members', 'stats', 'month');
    },
    [refresh],
  );

  const forgetScan = useCallback((scanId: string) => {
    setScans((s) => ready(s, (list) => list.filter((scan) => scan.id !== scanId)));
  }, []);

  /** 'Verify & Approve' (full admins). A scan someone else already resolved leaves the list with a toast. */
  const approve = useCallback(
    async (scan: PendingScanDto, reviewerName: string): Promise<ActionResult | undefined> =>
      withBusy(`scan:${scan.id}`, async () => {
        try {
          const review = await api.approveScan(scan.id, reviewerName);
          forgetScan(scan.id);
          reviewVerified(review);
          toast.success(
            `Review by ${review.reviewerName} verified: ${formatPounds(review.bonusAmount)} bonus for ${review.memberName}.`,
          );
          return { ok: true } as const;
        } catch (e) {
          if (isStale(e)) {
            forgetScan(scan.id);
            toast.error(errorMessage(e));
            void refresh('scans', 'stats', 'members', 'month');
            return { ok: true } as const;
          }
          return { ok: false, message: errorMessage(e) } as const;
        }
      }),
    [forgetScan, refresh, reviewVerified, withBusy],
  );

  /** 'Reject' (full admins): the scan leaves the list and stays on record. */
  const reject = useCallback(
    async (scan: PendingScanDto): Promise<ActionResult | undefined> =>
      withBusy(`scan:${scan.id}`, async () => {
        try {
          await api.rejectScan(scan.id);
          forgetScan(scan.id);
          toast.success(`The scan for ${scan.memberName} was rejected.`);
          void refresh('stats');
          return { ok: true } as const;
        } catch (e) {
          if (isStale(e)) {
            forgetScan(scan.id);
            toast.error(errorMessage(e));
            void refresh('scans', 'stats', 'members', 'month');
            return { ok: true } as const;
          }
          return { ok: false, message: errorMessage(e) } as const;
        }
      }),
    [forgetScan, refresh, withBusy],
  );

  /** 'Add verified review' by hand (full admins); throws the ApiError for the form to show. */
  const addReview = useCallback(
    async (values: {
      teamMemberId: string;
      reviewerName: string;
      reviewDate: string;
      platform: ReviewPlatform;
    }): Promise<TeamReviewDto> => {
      const review = await api.createReview(values);
      reviewVerified(review);
      return review;
    },
    [reviewVerified],
  );

  // ---------------------------------------------------------------------------------------------- bonuses

  const applyReviews = useCallback((reviews: readonly TeamReviewDto[]) => {
    setMonth((s) => ready(s, (m) => withUpdatedReviews(m, reviews)));
  }, []);

  /** A payment call failed: say why, and reload the month, which may have changed under us. */
  const paymentFailed = useCallback(
    (e: unknown) => {
      console.error('A team bonus payment call failed', e);
      toast.error(errorMessage(e));
      void refresh('month');
    },
    [refresh],
  );

  /** 'Mark Paid': paid at once, with 'Undo' for 30 seconds, after which it disappears. */
  const markPaid = useCallback(
    (review: TeamReviewDto) =>
      withBusy(`review:${review.id}`, async () => {
        try {
          const paid = await api.markBonusPaid(review.id);
          applyReviews([paid]);
          setUndoable((current) => new Set(current).add(paid.id));
          openWindow(`review:${paid.id}`, () => dropUndo([paid.id]));
          toast.success(
            `${formatPounds(paid.bonusAmount)} bonus for ${paid.memberName} marked paid. Undo is available for 30 seconds.`,
          );
        } catch (e) {
          paymentFailed(e);
        }
      }),
    [applyReviews, dropUndo, openWindow, paymentFailed, withBusy],
  );

  /** 'Undo' within the 30 seconds: the bonus is due again. */
  const undoPaid = useCallback(
    (review: TeamReviewDto) =>
      withBusy(`review:${review.id}`, async () => {
        try {
          const unpaid = await api.undoBonusPaid(review.id);
          closeWindow(`review:${review.id}`);
          dropUndo([review.id]);
          applyReviews([unpaid]);
          toast.success(`Payment undone: the bonus for ${unpaid.memberName} is due again.`);
        } catch (e) {
          closeWindow(`review:${review.id}`);
          dropUndo([review.id]);
          paymentFailed(e);
        }
      }),
    [applyReviews, closeWindow, dropUndo, paymentFailed, withBusy],
  );

  /** 'Pay All Outstanding' for a member and the month shown, with 'Undo Bulk Payment' for 30 seconds. */
  const payAll = useCallback(
    (member: TeamBonusMonthDto['members'][number], target: Period) =>
      withBusy(`payall:${member.teamMemberId}`, async () => {
        try {
          const result = await api.payAllBonuses({ teamMemberId: member.teamMemberId, ...target });
          applyReviews(result.reviews);
          const reviewIds = result.reviews.map((r) => r.id);
          if (reviewIds.length === 0) {
            toast.info(`Nothing was outstanding for ${member.name} in ${periodLabel(target)}.`);
            void refresh('month');
            return;
          }
          const key = bulkKey(member.teamMemberId, target);
          setBulk((current) => new Map(current).set(key, reviewIds));
          openWindow(`bulk:${key}`, () => dropBulk(key));
          toast.success(
            `${formatPounds(result.total)} paid to ${member.name} for ${countLabel(reviewIds.length, 'review')}. Undo is available for 30 seconds.`,
          );
        } catch (e) {
          paymentFailed(e);
        }
      }),
    [applyReviews, dropBulk, openWindow, paymentFailed, refresh, withBusy],
  );

  /** 'Undo Bulk Payment': un-pays exactly what that Pay All paid. */
  const undoBulk = useCallback(
    (member: TeamBonusMonthDto['members'][number], target: Period) => {
      const key = bulkKey(member.teamMemberId, target);
      const reviewIds = bulk.get(key);
      if (!reviewIds) return Promise.resolve(undefined);
      return withBusy(`undobulk:${member.teamMemberId}`, async () => {
        try {
          const result = await api.undoBulkBonuses(reviewIds);
          closeWindow(`bulk:${key}`);
          dropBulk(key);
          applyReviews(result.reviews);
          toast.success(`Bulk payment undone: ${formatPounds(result.total)} is due to ${member.name} again.`);
        } catch (e) {
          closeWindow(`bulk:${key}`);
          dropBulk(key);
          paymentFailed(e);
        }
      });
    },
    [applyReviews, bulk, closeWindow, dropBulk, paymentFailed, withBusy],
  );

  const bulkUndoFor = useCallback(
    (teamMemberId: string, target: Period) => bulk.get(bulkKey(teamMemberId, target)),
    [bulk],
  );

  return {
    members,
    stats,
    scans,
    month,
    period,
    setPeriod,
    retry,
    refresh,
    isBusy,
    addMember,
    removeMember,
    approve,
    reject,
    addReview,
    undoable,
    markPaid,
    undoPaid,
    payAll,
    undoBulk,
    bulkUndoFor,
  };
}

export type TeamReviews = ReturnType<typeof useTeamReviews>;

/** The key of the element that takes focus when a review's or a member's Undo goes away. */
export const undoHomeKey = {
  review: (reviewId: string) => `review:${reviewId}`,
  bulk: (teamMemberId: string, target: Period) => `bulk:${bulkKey(teamMemberId, target)}`,
};
