import { route } from '@/lib/api/route';
import { secondFactors } from '@/lib/contract/second-factor';
import { secondFactorSummary } from '@/lib/services/account/totp';

export const GET = route(secondFactors, async ({ user }) => secondFactorSummary(user.id));
