/**
 * Issue 28, points 6, 7 and 11: the public lead form as a stranger with a card number uses it.
 * - The oracle: a lead sent again must be answered as a new one (status, keys, headers that matter) with no id of
 *   the earlier lead and no earlier time in its UUIDv7 ids, and in the same time (no accepted lead is answered
 *   before LEAD_ANSWER_MIN_MS, 250 ms by default, has passed).
 * - The mail service: a first name that is a phishing sentence must not reach the friend's acknowledgement (its
 *   To name and subject, as the staff's Messages API shows them), and many leads naming one inbox at once, plus-
 *   tags and case included, must queue one acknowledgement a day.
 * - Names: a bidi override (the 'txt.exe' trick) and a zero-width or control character are refused with 400, on
 *   the public form and on a staff route.
 */
import { randomUUID } from 'node:crypto';
import { attacker, check, request, tally, type AttackContext } from '../support';

const INVISIBLE_NAME_TEXT = 'Names cannot contain invisible or control characters.';
/** lib/env.ts leadAnswerMinMs's default, which the run does not change. */
const LEAD_ANSWER_MIN_MS = 250;
const PHISHING = 'Your account is suspended: verify at https://evil.example/login now';

interface Answer {
  status: number;
  body: Record<string, unknown> | null;
  headers: Record<string, string | string[] | undefined>;
  ms: number;
}

function lead(email: string, referrerId: string | null, firstName = 'Amy') {
  return {
    firstName,
    lastName: 'Pond',
    email,
    phone: '07700 900123',
    treatmentInterest: 'improve-my-smile',
    ...(referrerId ? { referrerId } : {}),
  };
}

async function post(base: string, body: unknown, from = attacker(), cookie?: string): Promise<Answer> {
  const started = performance.now();
  const res = await request(`${base}/api/leads`, {
    method: 'POST',
    from,
    body,
    headers: cookie ? { Cookie: cookie } : {},
  });
  const ms = performance.now() - started;
  let parsed: Record<string, unknown> | null = null;
  try {
    parsed = JSON.parse(res.text) as Record<string, unknown>;
  } catch {
    parsed = null;
  }
  return { status: res.status, body: parsed, headers: res.headers, ms };
}

/** The creation time (ms since 1970) a UUIDv7 carries, or null for anything else. */
function uuidv7Time(id: unknown): number | null {
  if (
    typeof id !== 'string' ||
    !/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(id)
  ) {
    return null;
  }
  return parseInt(id.replaceAll('-', '').slice(0, 12), 16);
}

/** The headers that could tell two answers apart (not the date, the length of the random ids, a nonce). */
function shapeOf(a: Answer): string {
  const keep = ['content-type', 'cache-control', 'set-cookie', 'location', 'x-total-count'];
  const headers = keep.map((k) => `${k}=${String(a.headers[k] ?? '')}`).join(';');
  return `${a.status}|${Object.keys(a.body ?? {})
    .sort()
    .join(',')}|${headers}`;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

export default async function attack(ctx: AttackContext): Promise<void> {
  await oracle(ctx);
  await acknowledgement(ctx);
  await invisibleNames(ctx);
}

async function oracle(ctx: AttackContext): Promise<void> {
  const card = ctx.clients[0]!.cardNumber;
  const problems: string[] = [];
  const newTimes: number[] = [];
  const repeatTimes: number[] = [];
  for (let i = 0; i < 6; i++) {
    // Each pair from an address of its own, as a stranger spreading their tries would.
    const from = attacker();
    const email = `oracle-${randomUUID().slice(0, 8)}@friends.test`;
    const first = await post(ctx.base, lead(email, card), from);
    await new Promise((r) => setTimeout(r, 30));
    const before = Date.now();
    const again = await post(ctx.base, lead(email, card), from);
    const after = Date.now();
    newTimes.push(first.ms);
    repeatTimes.push(again.ms);
    if (shapeOf(first) !== shapeOf(again))
      problems.push(`answers differ: ${shapeOf(first)} vs ${shapeOf(again)}`);
    for (const key of ['leadId', 'referralId'] as const) {
      const earlier = first.body?.[key];
      const later = again.body?.[key];
      if (later !== null && later === earlier) problems.push(`the repeat's ${key} is the first lead's`);
      const time = uuidv7Time(later);
      // Any id given for a repeat must be made now: an earlier time would date the first submission.
      if (later !== null && (time === null || time < before - 1_000 || time > after + 1_000)) {
        problems.push(`the repeat's ${key} ${String(later)} does not carry the time of the repeat`);
      }
    }
  }
  check(
    'public lead: a repeat answers like a new lead, with no id or time of the first',
    problems.length === 0,
    problems.length
      ? problems.slice(0, 3).join('; ')
      : `6 new and 6 repeated leads: same status, keys and headers; every repeat id made at its own time`,
  );
  const gap = Math.abs(median(newTimes) - median(repeatTimes));
  const fastest = Math.min(...newTimes, ...repeatTimes);
  check(
    'public lead: a repeat takes as long to answer as a new lead',
    fastest >= LEAD_ANSWER_MIN_MS - 5 && gap < 15,
    `median ${median(newTimes).toFixed(1)} ms new, ${median(repeatTimes).toFixed(1)} ms repeated ` +
      `(fastest ${fastest.toFixed(1)} ms; no answer before ${LEAD_ANSWER_MIN_MS} ms, medians within 15 ms)`,
  );
}

async function acknowledgement(ctx: AttackContext): Promise<void> {
  const [one, two] = ctx.clients;
  const cookie = ctx.adminSession.cookie ?? '';
  const victim = `victim-${randomUUID().slice(0, 8)}`;
  const domain = 'mail.test';
  // One phishing lead, then at once: other cards, plus-tags and upper case all naming the same inbox.
  const phishing = await post(ctx.base, lead(`${victim}@${domain}`, one!.cardNumber, PHISHING));
  const burst = await Promise.all([
    post(ctx.base, lead(`${victim}@${domain}`.toUpperCase(), two!.cardNumber, PHISHING)),
    post(ctx.base, lead(`${victim}+1@${domain}`, one!.cardNumber, PHISHING)),
    post(ctx.base, lead(`${victim}+2@${domain}`, two!.cardNumber, PHISHING)),
    post(ctx.base, lead(`${victim}+3@${domain}`, null, PHISHING)),
    post(ctx.base, lead(`${victim}+4@${domain}`, one!.cardNumber, PHISHING)),
  ]);
  const statuses = [phishing, ...burst].map((a) => a.status);
  const res = await request(
    `${ctx.base}/api/messages?kind=lead-acknowledgement&limit=100&q=${encodeURIComponent(victim)}`,
    { headers: { Cookie: cookie }, from: attacker() },
  );
  let acks: { to: string | null; toName: string | null; subject: string }[] = [];
  try {
    acks = JSON.parse(res.text) as typeof acks;
  } catch {
    acks = [];
  }
  const leaked = acks.filter((m) => /evil|suspended|verify/i.test(`${m.toName ?? ''} ${m.subject}`));
  check(
    "public lead: the friend's acknowledgement repeats no stranger's words",
    res.status === 200 && acks.length > 0 && leaked.length === 0 && acks.every((m) => m.toName === null),
    `messages API ${res.status}; ${acks.length} acknowledgement(s), To names ${JSON.stringify(
      acks.map((m) => m.toName),
    )}, subjects ${JSON.stringify([...new Set(acks.map((m) => m.subject))])}`,
  );
  check(
    'public lead: one acknowledgement a day per inbox, however many leads name it at once',
    res.status === 200 && acks.length === 1,
    `6 leads naming ${victim}@${domain} (5 at once; plus-tags, upper case, other cards): ${tally(statuses)}; ` +
      `${acks.length} acknowledgement(s) queued`,
  );
}

async function invisibleNames(ctx: AttackContext): Promise<void> {
  const tries: [string, Answer][] = [];
  for (const [label, firstName] of [
    ['U+202E right-to-left override', 'Amy \u202Etxt.exe'],
    ['U+2066 isolate', 'Amy\u2066Pond'],
    ['U+200B zero-width space', 'Am\u200By'],
    ['ESC', 'Amy\u001B[2J'],
  ] as const) {
    const email = `bidi-${randomUUID().slice(0, 8)}@friends.test`;
    tries.push([`form, ${label}`, await post(ctx.base, lead(email, ctx.clients[0]!.cardNumber, firstName))]);
  }
  const staff = await request(`${ctx.base}/api/admin/clients`, {
    method: 'POST',
    from: attacker(),
    headers: { Cookie: ctx.adminSession.cookie ?? '' },
    body: {
      firstName: 'Jane',
      lastName: 'Smith \u202Egnp.exe',
      email: `bidi-${randomUUID().slice(0, 8)}@clients.test`,
    },
  });
  tries.push([
    'Add Client, U+202E',
    { status: staff.status, body: JSON.parse(staff.text || 'null'), headers: {}, ms: 0 },
  ]);
  const wrong = tries.filter(
    ([, a]) => a.status !== 400 || !JSON.stringify(a.body ?? '').includes(INVISIBLE_NAME_TEXT),
  );
  check(
    'names with bidi overrides, zero-width and control characters are refused',
    wrong.length === 0,
    tries.map(([label, a]) => `${label}: ${a.status}`).join(', '),
  );
}
