/**
 * What the review page remembers in the browser (spec section 7, track-scan and track-review-platform): a
 * random session id, made when absent, and the team members this browser has already scanned, which decides
 * `isUniqueVisitor`. Everything read from storage is checked (it is the browser's: anything may be there), and a
 * browser that blocks storage still gets a working page.
 */
import type { InputOf } from '@/lib/contract/endpoint';
import { PUBLIC_ENDPOINTS } from '@/lib/contract/paths';
import { callPublic } from '@/lib/contract/public-call';
import type * as team from '@/lib/contract/team';
import type { ReviewPlatform } from '@/lib/dto/team';

export const REVIEW_STORAGE_KEYS = {
  sessionId: 'review.sessionId',
  scannedMembers: 'review.scannedMembers',
} as const;

/** The members remembered as scanned, newest last; older ones are forgotten beyond this. */
export const MAX_SCANNED_MEMBERS = 100;

/** The part of the Web Storage API used here (localStorage in the browser, a fake in tests). */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** What the server accepts as a session id (1–100 characters); ours are UUIDs. */
const SESSION_ID = /^[A-Za-z0-9_-]{8,100}$/;
/** A team member id (a UUID) or TM- code. */
const MEMBER_ID = /^[A-Za-z0-9_-]{1,100}$/;

/** The browser's localStorage, or null where it is blocked (some private modes, strict cookie settings). */
export function browserStorage(): KeyValueStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function read(storage: KeyValueStorage | null, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(storage: KeyValueStorage | null, key: string, value: string): void {
  try {
    storage?.setItem(key, value);
  } catch {
    // Full or blocked: the page works the same, it just will not remember.
  }
}

/** The part of Web Crypto used here (crypto in the browser, a stand-in in tests). */
export interface RandomSource {
  randomUUID?: () => string;
  getRandomValues(array: Uint8Array<ArrayBuffer>): unknown;
}

/**
 * A random UUID (v4). crypto.randomUUID exists only in secure contexts (https, localhost); on plain http the
 * same is made from crypto.getRandomValues, which is available everywhere.
 */
export function newSessionId(source: RandomSource | undefined = globalThis.crypto): string {
  if (typeof source?.randomUUID === 'function') return source.randomUUID();
  const bytes = new Uint8Array(16);
  if (source) source.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
  bytes[6] = (bytes[6]! & 0x0f) | 0x40; // version 4
  bytes[8] = (bytes[8]! & 0x3f) | 0x80; // RFC 4122 variant
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The browser's review session id: the stored one, or a new one, stored for next time. */
export function reviewSessionId(storage: KeyValueStorage | null, make: () => string = newSessionId): string {
  const stored = read(storage, REVIEW_STORAGE_KEYS.sessionId);
  if (stored && SESSION_ID.test(stored)) return stored;
  const id = make();
  write(storage, REVIEW_STORAGE_KEYS.sessionId, id);
  return id;
}

/** The stored list of scanned members, repaired: only member ids, each once, at most the newest 100. */
export function parseScannedMembers(text: string | null): string[] {
  if (!text) return [];
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return [];
  }
  if (!Array.isArray(data)) return [];
  const ids = data.filter((v): v is string => typeof v === 'string' && MEMBER_ID.test(v));
  // Keep the last occurrence of each, so the order stays "newest last".
  const unique = ids.filter((id, index) => ids.lastIndexOf(id) === index);
  return unique.slice(-MAX_SCANNED_MEMBERS);
}

/** Whether this browser has never scanned this member's page before (spec: decides isUniqueVisitor). */
export function isUniqueVisitor(storage: KeyValueStorage | null, memberId: string): boolean {
  return !parseScannedMembers(read(storage, REVIEW_STORAGE_KEYS.scannedMembers)).includes(memberId);
}

/** Adds the member to the scanned list (after a successful track-scan call). */
export function rememberScannedMember(storage: KeyValueStorage | null, memberId: string): void {
  const list = parseScannedMembers(read(storage, REVIEW_STORAGE_KEYS.scannedMembers)).filter(
    (id) => id !== memberId,
  );
  list.push(memberId);
  write(storage, REVIEW_STORAGE_KEYS.scannedMembers, JSON.stringify(list.slice(-MAX_SCANNED_MEMBERS)));
}

/**
 * What each of the review page's two tracking calls sends (lib/contract/team.ts), by the endpoint's path. The
 * declarations are imported as types only: their zod schemas stay out of the page (lib/contract/paths.ts).
 */
const SCAN_PATH = PUBLIC_ENDPOINTS.trackScan.path;
const PLATFORM_PATH = PUBLIC_ENDPOINTS.trackPlatform.path;
type TrackingBody = {
  [SCAN_PATH]: InputOf<typeof team.trackScan>['body'];
  [PLATFORM_PATH]: InputOf<typeof team.trackPlatform>['body'];
};
type TrackingPath = keyof TrackingBody;

/** A JSON POST to one of the tracking endpoints (postTracking in the browser); rejects on failure. */
export type PostJson = <P extends TrackingPath>(path: P, body: TrackingBody[P]) => Promise<unknown>;

/** Which endpoint each tracking path calls. */
const TRACKING: { [P in TrackingPath]: (body: TrackingBody[P]) => Promise<unknown> } = {
  [SCAN_PATH]: (body) => callPublic('trackScan', { body }),
  [PLATFORM_PATH]: (body) => callPublic('trackPlatform', { body }),
};

/** The browser's PostJson: the endpoint declared at that path, called with the body (checked by the server). */
export const postTracking: PostJson = (path, body) => TRACKING[path](body);

export interface ScanReport {
  memberId: string;
  sessionId: string;
  userAgent: string;
  storage: KeyValueStorage | null;
  post: PostJson;
}

/**
 * Counts the opened page (team.trackScan). The member joins the scanned list only once the call succeeded;
 * a failure is logged and nothing else happens (the page works the same).
 */
export async function reportScan({
  memberId,
  sessionId,
  userAgent,
  storage,
  post,
}: ScanReport): Promise<boolean> {
  try {
    await post(SCAN_PATH, {
      teamMemberId: memberId,
      userAgent: userAgent.slice(0, 1000),
      sessionId,
      isUniqueVisitor: isUniqueVisitor(storage, memberId),
    });
  } catch (error) {
    console.error('Failed to track the review page scan', error);
    return false;
  }
  rememberScannedMember(storage, memberId);
  return true;
}

export interface PlatformReport {
  memberId: string;
  sessionId: string;
  platform: ReviewPlatform;
  post: PostJson;
}

/** Counts the visitor's choice (team.trackPlatform); a failure is logged only. */
export async function reportPlatform({
  memberId,
  sessionId,
  platform,
  post,
}: PlatformReport): Promise<boolean> {
  try {
    await post(PLATFORM_PATH, { teamMemberId: memberId, platform, sessionId });
    return true;
  } catch (error) {
    console.error('Failed to track the review platform choice', error);
    return false;
  }
}
