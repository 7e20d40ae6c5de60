import { ApiError } from '@/lib/client/api';
import { showServerError } from './form';

function fakeForm(values: Record<string, unknown>) {
  const errors: Array<[string, { message?: string }, { shouldFocus?: boolean } | undefined]> = [];
  return {
    errors,
    form: {
      getValues: () => values,
      setError: (name: string, error: { message?: string }, options?: { shouldFocus?: boolean }) =>
        void errors.push([name, error, options]),
    },
  };
}

describe('showServerError', () => {
  it("puts a 400's field messages on the fields it names, focusing the first", () => {
    const { form, errors } = fakeForm({ email: '', password: '' });
    const error = new ApiError(400, 'Check the form', 'Check the form', {
      email: ['Enter a valid email'],
      password: ['Too short'],
      unknownField: ['Ignored'],
    });
    showServerError(form as never, error);
    expect(errors).toEqual([
      ['email', { type: 'server', message: 'Enter a valid email' }, { shouldFocus: true }],
      ['password', { type: 'server', message: 'Too short' }, { shouldFocus: false }],
    ]);
  });

  it("shows any other refusal as the form's own message", () => {
    const { form, errors } = fakeForm({ email: '' });
    showServerError(
      form as never,
      new ApiError(409, 'A staff account with this email address already exists.'),
    );
    expect(errors).toEqual([
      ['root', { message: 'A staff account with this email address already exists.' }, undefined],
    ]);
    showServerError(form as never, new Error('boom'));
    expect(errors[1]?.[1]).toEqual({ message: 'Something went wrong. Please try again.' });
  });
});
