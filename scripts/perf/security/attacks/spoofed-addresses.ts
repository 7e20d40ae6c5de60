/**
 * Issue 14: a spoofed-address flood. Sign-in failures and public lead posts, each request claiming a new address in
 * X-Forwarded-For / X-Real-IP, must still be limited as one caller.
 */
import { LIMITS, attacker, check, request, spoof, tally, type AttackContext } from '../support';

/** lib/services/login.ts: failed sign-ins per address in 15 minutes. */
const LOGIN_FAILURES_PER_ADDRESS = 20;

export default async function attack(ctx: AttackContext): Promise<void> {
  await spoofedFloods(ctx.base, ctx.clients[0]!.cardNumber);
}

async function spoofedFloods(base: string, referrerCard: string): Promise<void> {
  // Sign-in: a new account name each time (so the per-account lock never trips), a new claimed address each time.
  const attempts = LOGIN_FAILURES_PER_ADDRESS * 3;
  const login: number[] = [];
  const signInFlooder = attacker();
  for (let i = 0; i < attempts; i++) {
    const res = await request(`${base}/api/login`, {
      method: 'POST',
      from: signInFlooder,
      headers: spoof(i),
      body: { username: `nobody-${i}@flood.test`, password: 'wrong-password-1' },
    });
    login.push(res.status);
  }
  const checked = login.filter((s) => s === 401).length;
  check(
    'spoofed-address flood on sign-in',
    checked <= LOGIN_FAILURES_PER_ADDRESS && login.includes(429),
    `${attempts} wrong passwords, each from a made-up X-Forwarded-For: ${tally(login)} ` +
      `(at most ${LOGIN_FAILURES_PER_ADDRESS} may be checked per real address)`,
  );

  // The public lead form.
  const posts = LIMITS.LEAD_RATE_LIMIT_PER_HOUR * 3;
  const leads: number[] = [];
  const formFlooder = attacker();
  for (let i = 0; i < posts; i++) {
    const res = await request(`${base}/api/leads`, {
      method: 'POST',
      from: formFlooder,
      headers: spoof(1000 + i),
      body: {
        firstName: 'Flood',
        lastName: `Friend${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + Math.floor(i / 26))}`,
        email: `flood-${i}@friends.test`,
        phone: `07700 900${String(100 + i).slice(-3)}`,
        treatmentInterest: 'improve-my-smile',
        recommendedBy: 'Jane Smith',
        referrerId: referrerCard,
      },
    });
    leads.push(res.status);
  }
  const accepted = leads.filter((s) => s >= 200 && s < 300).length;
  check(
    'spoofed-address flood on the public lead form',
    accepted <= LIMITS.LEAD_RATE_LIMIT_PER_HOUR && leads.includes(429),
    `${posts} posts, each from a made-up X-Forwarded-For: ${tally(leads)} ` +
      `(limit ${LIMITS.LEAD_RATE_LIMIT_PER_HOUR} an hour per real address)`,
  );
}
