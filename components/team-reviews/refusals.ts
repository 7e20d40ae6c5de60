/** How Team Reviews reads a refusal (an ApiError) of one of its changes. */
import { ApiError } from '@/lib/client/api';

/**
 * What a row's action answers: done, or the refusal to show beside it (isSameReviewer: the member already has a
 * review by that name on that platform, and the row offers to add it anyway).
 */
export type ActionResult = { ok: true } | { ok: false; error: unknown };

/** The server's answer names a second review by the same reviewer: it asks for a confirmation. */
export const isSameReviewer = (e: unknown) => e instanceof ApiError && e.body.code === 'same_reviewer';

/**
 * Gone or already dealt with elsewhere: the list should forget the item rather than offer it again. A 409 about
 * the review itself (already credited, the same reviewer) is an answer for the row, not a stale scan.
 */
export const isStale = (e: unknown) =>
  e instanceof ApiError && (e.status === 404 || (e.status === 409 && e.body.code === undefined));
