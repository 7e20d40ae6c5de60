/**
 * Issue 14: a session cookie copied before signing out (or before a password change elsewhere) must be refused on
 * the next request.
 */
import { signIn, type Session } from '../../chaos/http';
import { check, request, type AttackContext } from '../support';

export default async function attack(ctx: AttackContext): Promise<void> {
  await logoutReplay(ctx.base, ctx.admin);
  await passwordChangeReplay(ctx.base, ctx.adminSession);
}

async function logoutReplay(base: string, admin: { email: string; password: string }): Promise<void> {
  const session = await signIn(base, admin);
  const before = await request(`${base}/api/user`, { headers: { Cookie: session.cookie! } });
  const out = await request(`${base}/api/logout`, { method: 'POST', headers: { Cookie: session.cookie! } });
  const api = await request(`${base}/api/user`, { headers: { Cookie: session.cookie! } });
  const page = await request(`${base}/`, { headers: { Cookie: session.cookie! } });
  const toLogin =
    page.status >= 300 && page.status < 400 && /\/login/.test(String(page.headers.location ?? ''));
  check(
    'logout replay',
    before.status === 200 && out.status === 200 && api.status === 401 && toLogin,
    `signed in: GET /api/user ${before.status}; after POST /api/logout the copied cookie gets ` +
      `GET /api/user ${api.status} and GET / ${page.status}${toLogin ? ' (to the login page)' : ''}`,
  );
}

async function passwordChangeReplay(base: string, admin: Session): Promise<void> {
  const email = `replay-${Date.now()}@clinic.test`;
  const password = 'Replay-password-1';
  const created = await request(`${base}/api/admin/users`, {
    method: 'POST',
    headers: { Cookie: admin.cookie! },
    body: { email, password, isFullAdmin: false },
  });
  if (created.status !== 201 && created.status !== 200) {
    check(
      'password change ends other sessions',
      false,
      `adding a user failed: ${created.status} ${created.text}`,
    );
    return;
  }
  const laptop = await signIn(base, { email, password });
  const phone = await signIn(base, { email, password });
  const changed = await request(`${base}/api/change-password`, {
    method: 'POST',
    headers: { Cookie: laptop.cookie! },
    body: {
      email,
      currentPassword: password,
      newPassword: 'Replay-password-2',
    },
  });
  const old = await request(`${base}/api/user`, { headers: { Cookie: phone.cookie! } });
  check(
    'password change ends other sessions',
    changed.status === 200 && old.status === 401,
    `POST /api/change-password ${changed.status}; the other session's cookie then gets GET /api/user ${old.status}`,
  );
}
