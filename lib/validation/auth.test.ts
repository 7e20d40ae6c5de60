import { changePasswordFormSchema, loginSchema } from './auth';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('changePasswordFormSchema (spec section 5)', () => {
  it("says the new passwords don't match before anything else", () => {
    const result = changePasswordFormSchema.safeParse({
      currentPassword: 'old',
      newPassword: 'short',
      confirmPassword: 'other',
    });
    expect(firstMessage(result)).toBe("New passwords don't match");
  });

  it('requires at least 8 characters', () => {
    const result = changePasswordFormSchema.safeParse({
      currentPassword: 'old',
      newPassword: 'short',
      confirmPassword: 'short',
    });
    expect(firstMessage(result)).toBe('Password must be at least 8 characters long');
  });

  it('accepts matching passwords of 8 characters or more', () => {
    expect(
      changePasswordFormSchema.safeParse({
        currentPassword: 'old',
        newPassword: '12345678',
        confirmPassword: '12345678',
      }).success,
    ).toBe(true);
  });
});

describe('loginSchema', () => {
  it('requires both fields', () => {
    expect(firstMessage(loginSchema.safeParse({ password: 'x' }))).toBe('Username is required');
    expect(firstMessage(loginSchema.safeParse({ username: 'a' }))).toBe('Password is required');
  });

  it('trims the username', () => {
    expect(loginSchema.parse({ username: '  jo@clinic.co.uk ', password: 'x' }).username).toBe(
      'jo@clinic.co.uk',
    );
  });
});
