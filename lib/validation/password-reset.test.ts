import { PASSWORD_MIN_LENGTH_TEXT, VALID_EMAIL_TEXT } from './messages';
import {
  requestPasswordResetSchema,
  resetPasswordFormSchema,
  resetPasswordSchema,
  resetTokenParamSchema,
} from './password-reset';

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error!.issues[0]!.message;

describe('requestPasswordResetSchema (POST /api/password-reset)', () => {
  it('trims and lower-cases the address, as accounts store it', () => {
    expect(requestPasswordResetSchema.parse({ email: '  Jane.Doe@Clinic.TEST ' })).toEqual({
      email: 'jane.doe@clinic.test',
    });
  });

  it.each([
    [{}, 'Email is required'],
    [{ email: '' }, 'Email is required'],
    [{ email: '   ' }, 'Email is required'],
    [{ email: 'jane@' }, VALID_EMAIL_TEXT],
    [{ email: 'jane doe@clinic.test' }, VALID_EMAIL_TEXT],
    [{ email: `${'a'.repeat(250)}@x.uk` }, 'Email is too long'],
    [{ email: 42 }, 'Email is required'],
  ])('refuses %j: %s', (body, message) => {
    expect(messageOf(requestPasswordResetSchema.safeParse(body))).toBe(message);
  });
});

describe('resetPasswordSchema (POST /api/password-reset/{token})', () => {
  it('takes 8 to 256 characters, as typed', () => {
    expect(resetPasswordSchema.parse({ newPassword: ' eight ch ' })).toEqual({ newPassword: ' eight ch ' });
    expect(resetPasswordSchema.safeParse({ newPassword: 'p'.repeat(256) }).success).toBe(true);
  });

  it('refuses a short, a missing or a too long password with the spec’s words', () => {
    expect(messageOf(resetPasswordSchema.safeParse({ newPassword: 'Abc-123' }))).toBe(
      PASSWORD_MIN_LENGTH_TEXT,
    );
    expect(messageOf(resetPasswordSchema.safeParse({}))).toBe('New password is required');
    expect(messageOf(resetPasswordSchema.safeParse({ newPassword: 'p'.repeat(257) }))).toBe(
      'Password must be at most 256 characters long',
    );
  });
});

describe('resetTokenParamSchema', () => {
  it('takes a token as the link carries it: 43 base64url characters (32 bytes)', () => {
    const token = Buffer.alloc(32, 0xfb).toString('base64url');
    expect(token).toHaveLength(43);
    expect(resetTokenParamSchema.safeParse({ token }).success).toBe(true);
  });

  it.each([
    '',
    'short',
    'a'.repeat(42),
    'a'.repeat(44),
    `${'a'.repeat(42)}=`,
    `${'a'.repeat(42)}/`,
    'a'.repeat(2000),
  ])('refuses %j', (token) => {
    expect(resetTokenParamSchema.safeParse({ token }).success).toBe(false);
  });
});

describe('resetPasswordFormSchema (the page’s form)', () => {
  it('says the passwords differ before their length, as the password change does', () => {
    expect(
      messageOf(resetPasswordFormSchema.safeParse({ newPassword: 'short', confirmPassword: 'other' })),
    ).toBe("New passwords don't match");
    expect(
      messageOf(resetPasswordFormSchema.safeParse({ newPassword: 'short', confirmPassword: 'short' })),
    ).toBe(PASSWORD_MIN_LENGTH_TEXT);
  });

  it('puts each message on its field', () => {
    const mismatch = resetPasswordFormSchema.safeParse({ newPassword: 'long-enough', confirmPassword: 'x' });
    expect(mismatch.error?.issues[0]?.path).toEqual(['confirmPassword']);
    const short = resetPasswordFormSchema.safeParse({ newPassword: 'short', confirmPassword: 'short' });
    expect(short.error?.issues[0]?.path).toEqual(['newPassword']);
  });

  it('asks for both fields, and takes a matching password of 8 or more', () => {
    expect(messageOf(resetPasswordFormSchema.safeParse({ newPassword: '', confirmPassword: '' }))).toBe(
      'New password is required',
    );
    expect(
      resetPasswordFormSchema.parse({ newPassword: 'long-enough', confirmPassword: 'long-enough' }),
    ).toEqual({
      newPassword: 'long-enough',
      confirmPassword: 'long-enough',
    });
  });
});
