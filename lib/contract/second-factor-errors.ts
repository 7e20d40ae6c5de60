/**
 * The 403s of issue 31's enforcement, as the declarations of the money and bank-detail endpoints document them
 * (lib/auth/money-guard.ts answers them).
 */
export const FACTOR_403 =
  'Not allowed (the endpoint’s access rule, or a cross-site request), or a full admin without a second ' +
  'factor: “Set up a passkey or an ' +
  'authenticator app first (Settings → Security)” with `secondFactor: "set-up"` (unless the operator set ' +
  'REQUIRE_ADMIN_SECOND_FACTOR=false, or the account is still in its 14 days’ grace).';

export const RECENT_FACTOR_403 =
  FACTOR_403 +
  ' A full admin with a second factor must also have used it in this session within the last 12 hours ' +
  '(signing in with it, or POST /api/account/step-up): otherwise `secondFactor: "step-up"`.';
