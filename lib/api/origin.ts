import { appOrigin } from '@/lib/env';

/**
 * The address clients and friends reach the app on, for links and QR codes: APP_URL only (lib/env.ts). The
 * request's Host and X-Forwarded-Host are never used: they are whatever the caller wrote.
 */
export function publicOrigin(): string {
  return appOrigin();
}
