import { acceptInviteSchema, inviteFormSchema, inviteTokenParamSchema } from './invites';
import { addStaffFormSchema, addStaffUserSchema, NOT_BOTH_TEXT, PASSWORD_OR_INVITE_TEXT } from './staff';

const firstMessage = (result: {
  success: boolean;
  error?: { issues: { message: string; path: PropertyKey[] }[] };
}) => (result.success ? null : [result.error!.issues[0]!.path.join('.'), result.error!.issues[0]!.message]);

describe('POST /api/admin/users: a password or an invitation (issue 31)', () => {
  it('takes either shape, the email lower-cased and full admin false unless given', () => {
    expect(addStaffUserSchema.parse({ email: ' Jo@Clinic.TEST ', invite: true })).toEqual({
      email: 'jo@clinic.test',
      isFullAdmin: false,
      invite: true,
    });
    expect(
      addStaffUserSchema.parse({ email: 'jo@clinic.test', password: 'long-enough', isFullAdmin: true }),
    ).toEqual({
      email: 'jo@clinic.test',
      password: 'long-enough',
      isFullAdmin: true,
    });
  });

  it('refuses neither, or both, in words on the field to fix', () => {
    expect(firstMessage(addStaffUserSchema.safeParse({ email: 'jo@clinic.test' }))).toEqual([
      'password',
      PASSWORD_OR_INVITE_TEXT,
    ]);
    expect(firstMessage(addStaffUserSchema.safeParse({ email: 'jo@clinic.test', invite: false }))).toEqual([
      'password',
      PASSWORD_OR_INVITE_TEXT,
    ]);
    expect(
      firstMessage(
        addStaffUserSchema.safeParse({ email: 'jo@clinic.test', password: 'long-enough', invite: true }),
      ),
    ).toEqual(['invite', NOT_BOTH_TEXT]);
  });

  it('keeps the password form’s own messages first', () => {
    expect(firstMessage(addStaffUserSchema.safeParse({ email: 'nope', password: 'long-enough' }))).toEqual([
      'email',
      'Please enter a valid email address',
    ]);
    expect(
      firstMessage(addStaffUserSchema.safeParse({ email: 'jo@clinic.test', password: 'short' })),
    ).toEqual(['password', 'Password must be at least 8 characters long']);
  });
});

describe('the Add staff form', () => {
  const base = { email: 'jo@clinic.test', password: '', isFullAdmin: false };
  it('asks for no password when inviting', () => {
    expect(addStaffFormSchema.safeParse({ ...base, mode: 'invite' }).success).toBe(true);
  });
  it('asks for a password of 8 or more when setting one now', () => {
    expect(firstMessage(addStaffFormSchema.safeParse({ ...base, mode: 'password' }))).toEqual([
      'password',
      'Password is required',
    ]);
    expect(
      firstMessage(addStaffFormSchema.safeParse({ ...base, mode: 'password', password: 'short' })),
    ).toEqual(['password', 'Password must be at least 8 characters long']);
    expect(addStaffFormSchema.safeParse({ ...base, mode: 'password', password: 'long-enough' }).success).toBe(
      true,
    );
  });
});

describe('accepting an invitation', () => {
  it('takes a password of 8 to 256 characters, and nothing else', () => {
    expect(acceptInviteSchema.parse({ password: 'long-enough' })).toEqual({ password: 'long-enough' });
    expect(firstMessage(acceptInviteSchema.safeParse({}))).toEqual(['password', 'Password is required']);
    expect(firstMessage(acceptInviteSchema.safeParse({ password: 'short' }))).toEqual([
      'password',
      'Password must be at least 8 characters long',
    ]);
    expect(acceptInviteSchema.safeParse({ password: 'p'.repeat(257) }).success).toBe(false);
    expect(acceptInviteSchema.safeParse({ password: 'long-enough', email: 'x@y.z' }).success).toBe(false);
  });

  it('the page’s form: both required, they must match, then the rules (the spec’s order)', () => {
    expect(firstMessage(inviteFormSchema.safeParse({ password: '', confirmPassword: '' }))).toEqual([
      'password',
      'Password is required',
    ]);
    expect(firstMessage(inviteFormSchema.safeParse({ password: 'short', confirmPassword: 'other' }))).toEqual(
      ['confirmPassword', "Passwords don't match"],
    );
    expect(firstMessage(inviteFormSchema.safeParse({ password: 'short', confirmPassword: 'short' }))).toEqual(
      ['password', 'Password must be at least 8 characters long'],
    );
    expect(
      inviteFormSchema.safeParse({ password: 'long-enough', confirmPassword: 'long-enough' }).success,
    ).toBe(true);
  });

  it('a token that cannot be one is refused before any lookup', () => {
    expect(inviteTokenParamSchema.safeParse({ token: 'a'.repeat(43) }).success).toBe(true);
    for (const token of ['', '../etc', 'a b', 'x'.repeat(201), '<script>']) {
      expect(inviteTokenParamSchema.safeParse({ token }).success).toBe(false);
    }
  });
});
