/**
 * Issue 28 points 13 and 14, against the running app.
 * - One-click unsubscribe (RFC 8058): a card email is sent to an SMTP server started here; the List-Unsubscribe
 *   address it names is posted to exactly as a mail provider does (no cookie, no Origin, the
 *   `List-Unsubscribe=One-Click` form body), and the client must then be unsubscribed; the page address that
 *   messages sent before named takes the same POST; forged tokens are 404 and write nothing; the POST is limited
 *   per caller's address (sent all at once: exactly the limit gets through).
 * - Review links: one Google and one Trustpilot review, then every other way of writing their links
 *   (tests/support/review-link-variants.ts): none may be credited again.
 */
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import type { ParsedMail } from 'mailparser';
import { recipients, startMailServer, type TestMailServer } from '../../../../tests/support/mail-server';
import {
  GOOGLE_REVIEW,
  GOOGLE_REVIEW_ID,
  TRUSTPILOT_REVIEW,
  sameReviewVariants,
} from '../../../../tests/support/review-link-variants';
import { attacker, check, request, tally, type AttackContext } from '../support';

/** The app sends its mail to a server this attack starts on this port (chosen when the run loads the attacks). */
const MAIL_PORT = 20_000 + Math.floor(Math.random() * 20_000);
/** A small unsubscribe limit, so the burst that tests it is over in a second. */
const UNSUBSCRIBE_RATE_LIMIT_PER_HOUR = 40;
export const env: Record<string, string> = {
  SMTP_URL: `smtp://127.0.0.1:${MAIL_PORT}`,
  UNSUBSCRIBE_RATE_LIMIT_PER_HOUR: String(UNSUBSCRIBE_RATE_LIMIT_PER_HOUR),
};

export default async function attack(ctx: AttackContext): Promise<void> {
  let mail: TestMailServer | null = null;
  try {
    mail = await startMailServer(MAIL_PORT);
  } catch (error) {
    check('one-click unsubscribe', false, `no SMTP server on ${MAIL_PORT}: ${(error as Error).message}`);
  }
  if (mail) {
    try {
      await oneClickUnsubscribe(ctx, mail);
    } finally {
      await mail.close();
    }
  }
  await reviewVariants(ctx);
}

/** A POST as RFC 8058 section 3.1 has a mail provider send it: nothing but the one-click form body. */
function oneClickPost(url: string, from = attacker()): Promise<number> {
  const target = new URL(url);
  const body = 'List-Unsubscribe=One-Click';
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: target.hostname,
        port: Number(target.port),
        path: target.pathname,
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          'Content-Length': String(Buffer.byteLength(body)),
        },
        localAddress: from,
        agent: false,
        timeout: 20_000,
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('timeout', () => req.destroy(new Error(`POST ${url} timed out`)));
    req.on('error', reject);
    req.end(body);
  });
}

const headerOf = (m: ParsedMail, name: string) =>
  m.headerLines.find((h) => h.key === name)?.line.replace(/^[^:]+:\s*/, '') ?? '';

/** A new client with a card email on its way; its id, address and the email as it arrived. */
async function clientWithCardEmail(ctx: AttackContext, mail: TestMailServer) {
  const email = `one-click-${randomUUID().slice(0, 8)}@example.com`;
  const res = await request(`${ctx.base}/api/admin/clients`, {
    method: 'POST',
    headers: { Cookie: ctx.adminSession.cookie! },
    body: { firstName: 'Oneclick', lastName: 'Client', email, sendCard: true },
  });
  if (res.status !== 201) throw new Error(`Adding a client failed: ${res.status} ${res.text}`);
  const { id } = JSON.parse(res.text) as { id: string };
  const [card] = await mail.waitFor((m) => recipients(m).includes(email), 1, 60_000);
  return { id, email, card: card! };
}

/** Whether the app still writes a card email to the client (409 with 'unsubscribed' when it does not). */
async function cardRefused(ctx: AttackContext, id: string) {
  const res = await request(`${ctx.base}/api/clients/${id}/send-card`, {
    method: 'POST',
    headers: { Cookie: ctx.adminSession.cookie! },
  });
  return { refused: res.status === 409 && /unsubscribed/.test(res.text), status: res.status };
}

async function oneClickUnsubscribe(ctx: AttackContext, mail: TestMailServer): Promise<void> {
  const first = await clientWithCardEmail(ctx, mail);
  const listUnsubscribe = headerOf(first.card, 'list-unsubscribe');
  const post = headerOf(first.card, 'list-unsubscribe-post');
  const address = /<(https?:[^>]+)>/.exec(listUnsubscribe)?.[1] ?? '';
  const onApp = address.startsWith(`${ctx.base}/`);
  const status = onApp ? await oneClickPost(address) : 0;
  const after = await cardRefused(ctx, first.id);
  check(
    'one-click unsubscribe: the List-Unsubscribe address records the RFC 8058 POST',
    onApp && post === 'List-Unsubscribe=One-Click' && status === 200 && after.refused,
    `List-Unsubscribe ${listUnsubscribe || '(none)'}, List-Unsubscribe-Post ${post || '(none)'}; ` +
      `one-click POST ${status}; a card email afterwards ${after.status}${after.refused ? ' (unsubscribed)' : ''}`,
  );

  // A message sent before issue 28 named the page: a provider's POST there is recorded too.
  const second = await clientWithCardEmail(ctx, mail);
  const token = /\/unsubscribe\/([^/>]+)>/.exec(headerOf(second.card, 'list-unsubscribe'))?.[1] ?? '';
  const pageStatus = await oneClickPost(`${ctx.base}/unsubscribe/${token}`);
  const pageAfter = await cardRefused(ctx, second.id);
  check(
    'one-click unsubscribe: the page address of earlier messages records it too',
    pageStatus === 200 && pageAfter.refused,
    `one-click POST to /unsubscribe/{token} ${pageStatus}; a card email afterwards ${pageAfter.status}`,
  );

  // Forged tokens: another address or kind under a real signature, a changed signature, no signature.
  const [body, signature] = token.split('.');
  const forged = [
    `${Buffer.from(`card-issued:${first.email.replace('one-click', 'someone-else')}`).toString('base64url')}.${signature}`,
    `${Buffer.from(`reward-paid:${second.email}`).toString('base64url')}.${signature}`,
    `${body}.${(signature ?? '').slice(0, -2)}AA`,
    `${body}`,
    'made.up',
  ];
  const forgedStatuses = await Promise.all(
    forged.map((t) => oneClickPost(`${ctx.base}/api/unsubscribe/${t}`)),
  );
  check(
    'one-click unsubscribe: a forged token is refused',
    forgedStatuses.every((s) => s === 404),
    `${forged.length} forged tokens: ${tally(forgedStatuses)}`,
  );

  // The limit per caller's address, all sent at once.
  const from = attacker();
  const burst = UNSUBSCRIBE_RATE_LIMIT_PER_HOUR + 20;
  const statuses = await Promise.all(
    Array.from({ length: burst }, () => oneClickPost(`${ctx.base}/api/unsubscribe/made.up`, from)),
  );
  const through = statuses.filter((s) => s === 404).length;
  check(
    'one-click unsubscribe: limited per address',
    through === UNSUBSCRIBE_RATE_LIMIT_PER_HOUR && statuses.filter((s) => s === 429).length === 20,
    `${burst} POSTs at once from one address (limit ${UNSUBSCRIBE_RATE_LIMIT_PER_HOUR} an hour): ${tally(statuses)}`,
  );
}

async function reviewVariants(ctx: AttackContext): Promise<void> {
  const cookie = ctx.adminSession.cookie!;
  const member = await request(`${ctx.base}/api/team-members`, {
    method: 'POST',
    headers: { Cookie: cookie },
    body: { firstName: 'Variant', lastName: 'Reviews' },
  });
  if (member.status !== 201) throw new Error(`Adding a team member failed: ${member.status} ${member.text}`);
  const { id: teamMemberId } = JSON.parse(member.text) as { id: string };
  const fresh = randomUUID().replaceAll('-', '');
  const google = GOOGLE_REVIEW.replace(GOOGLE_REVIEW_ID, `ChdDSUhN${fresh}`);
  const trustpilot = TRUSTPILOT_REVIEW.replace(/[0-9a-f]{24}$/, fresh.slice(0, 24));
  const add = (reviewUrl: string) =>
    request(`${ctx.base}/api/team-reviews`, {
      method: 'POST',
      headers: { Cookie: cookie },
      body: { teamMemberId, reviewerName: `Reviewer ${randomUUID()}`, reviewDate: '2024-06-01', reviewUrl },
    });
  const originals = [(await add(google)).status, (await add(trustpilot)).status];
  const variants = sameReviewVariants(google, trustpilot);
  const statuses: number[] = [];
  const credited: string[] = [];
  for (const variant of variants) {
    const res = await add(variant);
    statuses.push(res.status);
    if (res.status === 201) credited.push(variant);
  }
  check(
    'review links: every way of writing one review is credited once',
    originals.every((s) => s === 201) && credited.length === 0 && statuses.every((s) => s === 409),
    `the two reviews ${tally(originals)}; ${variants.length} other ways of writing them: ${tally(statuses)}` +
      (credited.length ? `; credited again: ${credited.slice(0, 3).join(' ')}` : ''),
  );
}
