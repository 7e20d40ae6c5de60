import { AccountAuditAction, SignInMethod } from '@/lib/generated/prisma/enums';
import {
  ACCOUNT_ACTION_TEXT,
  accountActionText,
  accountAuditEntrySchema,
  SIGN_IN_METHOD_TEXT,
  signInMethodText,
} from './account';

describe('the sign-in record in words', () => {
  it('names every way of signing in as the issue words them', () => {
    expect(Object.keys(SIGN_IN_METHOD_TEXT).map(signInMethodText)).toEqual([
      'Password',
      'Password and authenticator app',
      'Password and passkey',
      'Password and recovery code',
      'Passkey',
    ]);
  });

  it("covers every value of the database's enums", () => {
    expect(Object.keys(SIGN_IN_METHOD_TEXT).sort()).toEqual(Object.values(SignInMethod).sort());
    expect(Object.keys(ACCOUNT_ACTION_TEXT).sort()).toEqual(Object.values(AccountAuditAction).sort());
  });

  it('names every audit action in words, each different', () => {
    const words = Object.keys(ACCOUNT_ACTION_TEXT).map(accountActionText);
    expect(new Set(words).size).toBe(words.length);
    expect(accountActionText('factors_reset')).toBe('Second factors reset');
    expect(accountActionText('sessions_ended')).toBe('Signed out everywhere');
    for (const word of words) expect(word).toMatch(/^[A-Z][a-z ]+$/);
  });

  it("the audit entry's action is one of the database's", () => {
    const entry = {
      id: '0192f5e0-0000-7000-8000-00000000dead',
      action: 'password_changed',
      actionText: 'Password changed',
      email: 'jo@clinic.test',
      performedBy: 'the account holder',
      ip: null,
      details: null,
      at: new Date().toISOString(),
    };
    expect(accountAuditEntrySchema.safeParse(entry).success).toBe(true);
    expect(accountAuditEntrySchema.safeParse({ ...entry, action: 'made_up' }).success).toBe(false);
  });
});
