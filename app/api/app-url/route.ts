import { publicOrigin } from '@/lib/api/origin';
import { route } from '@/lib/api/route';
import { appUrl } from '@/lib/contract/settings';
import { appUrlIsDefault } from '@/lib/env';
import { appUrlState } from '@/lib/local-address';
import type { AppUrlDto } from '@/lib/dto/settings';

/**
 * The address the app's links name, and whether a patient could open it (issue 29, point 6): Add Client and
 * Send card ask staff to confirm before emailing a card whose link only this computer or network can open.
 */
export const GET = route(appUrl, (): AppUrlDto => {
  const origin = publicOrigin();
  const state = appUrlState(origin, appUrlIsDefault());
  return { origin, state, reachable: state === 'public' };
});
