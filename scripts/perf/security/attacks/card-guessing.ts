/**
 * Issue 14: a guessing run over card addresses (readable names, random tokens and card numbers, each from a "new"
 * address) must find no card and be refused once the failures are used up, while a real card's link still opens.
 */
import { randomBytes } from 'node:crypto';
import {
  LIMITS,
  attacker,
  check,
  request,
  spoof,
  tally,
  type AttackContext,
  type CreatedClient,
} from '../support';

export default async function attack(ctx: AttackContext): Promise<void> {
  await guessingRun(ctx.base, ctx.clients);
}

async function guessingRun(base: string, real: CreatedClient[]): Promise<void> {
  const guesses: string[] = [];
  for (const c of real) {
    const readable = [
      `${c.firstName}${c.lastName}`,
      `${c.firstName.toLowerCase()}-${c.lastName.toLowerCase()}`,
      `${c.firstName}${c.lastName}2`,
    ];
    for (const slug of readable) guesses.push(`/card/${slug}`, `/api/card/${slug}`);
  }
  while (guesses.length < LIMITS.CARD_LOOKUP_FAILURES_PER_HOUR * 4) {
    const n = guesses.length;
    const kind = n % 4;
    const token = randomBytes(18).toString('base64url');
    const number = `SC-${randomBytes(6)
      .toString('hex')
      .toUpperCase()
      .replace(/[01IO]/g, 'A')
      .slice(0, 4)}-ABCD-EFGH`;
    guesses.push(
      kind === 0
        ? `/api/card/${token}`
        : kind === 1
          ? `/card/${token}`
          : kind === 2
            ? `/api/users/card/${number}`
            : `/api/users/card/${number}/qr`,
    );
  }
  const statuses: number[] = [];
  const refused: boolean[] = [];
  const found: string[] = [];
  const guesser = attacker();
  for (const [i, guess] of guesses.entries()) {
    const res = await request(`${base}${guess}`, { from: guesser, headers: spoof(5000 + i) });
    statuses.push(res.status);
    // The card page cannot answer 429 itself: it sends a refused visitor to /card-limit, which does.
    refused.push(res.status === 429 || /\/card-limit/.test(String(res.headers.location ?? '')));
    if (res.status === 200 && real.some((c) => res.text.includes(c.cardNumber))) found.push(guess);
  }
  check(
    'guessing run over card addresses finds no card',
    found.length === 0,
    found.length
      ? `${found.length} guesses showed a real card: ${found.slice(0, 5).join(', ')}`
      : `${guesses.length} guesses (readable names of real clients, random tokens and card numbers): none found a card`,
  );
  const firstRefused = refused.indexOf(true);
  check(
    'failed card lookups are limited per real address',
    firstRefused === LIMITS.CARD_LOOKUP_FAILURES_PER_HOUR && refused.slice(firstRefused).every(Boolean),
    `${tally(statuses)}; every guess refused from guess ${firstRefused + 1} on (429, or the card page's ` +
      `redirect to the 429 page) with a limit of ${LIMITS.CARD_LOOKUP_FAILURES_PER_HOUR} failures an hour per ` +
      'real address, each guess from a made-up X-Forwarded-For',
  );
  // A real card's own link keeps working, even for the address that has just used up its failures: only misses
  // are counted and refused, so a clinic's shared Wi-Fi never loses its cards.
  const own = await request(real[0]!.brandedUrl, { from: guesser });
  check(
    "a real card's link still opens",
    own.status === 200 && own.text.includes(real[0]!.cardNumber),
    `GET ${new URL(real[0]!.brandedUrl).pathname} answered ${own.status}`,
  );
}
