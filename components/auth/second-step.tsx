'use client';

import { useState, type ReactNode } from 'react';
import { ArrowLeft, CircleAlert } from 'lucide-react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { TextField } from '@/components/shared/text-field';
import { ApiError } from '@/lib/client/api';
import { call } from '@/lib/contract/client';
import { useSchemaForm } from '@/lib/contract/form';
import * as secondFactor from '@/lib/contract/second-factor';
import type { SecondFactorRequiredDto } from '@/lib/dto/auth';
import { LOGIN_FAILED_TEXT } from '@/lib/copy';
import { secondFactorCodeSchema, type SecondFactorCodeInput } from '@/lib/validation/second-factor';

type Methods = SecondFactorRequiredDto['methods'];
type Mode = 'totp' | 'recovery';

const ERROR_ID = 'second-step-error';

export interface SecondStepProps {
  /** The second factors the account has set up, as POST /api/login answered them. */
  methods: Methods;
  /** The session has started: go on to the app. */
  onSignedIn: () => void;
  /** Back to the password step, with words to show there (the sign-in timed out) or none (the person chose). */
  onBack: (message?: string) => void;
  /**
   * Issue 31 (passkeys): 'Use a passkey', shown above the codes when `methods` includes 'passkey'. The passkey
   * ceremony calls `onSignedIn` / `onBack` itself.
   */
  passkey?: ReactNode;
}

/**
 * The second step of signing in (issue 31), in place of the password form once the password was right: a
 * code from the authenticator app, or a recovery code instead (and a passkey, when the account has one). A
 * wrong code says so and lets the person try again; a sign-in that timed out goes back to the password step.
 */
export function SecondStep({ methods, onSignedIn, onBack, passkey }: SecondStepProps) {
  const hasTotp = methods.includes('totp');
  const hasRecovery = methods.includes('recovery-code');
  const [mode, setMode] = useState<Mode>(hasTotp ? 'totp' : 'recovery');
  const showPasskey = methods.includes('passkey') && passkey;

  async function submit(body: SecondFactorCodeInput): Promise<string | null> {
    try {
      await call(secondFactor.loginSecondFactor, { body });
    } catch (e) {
      if (!(e instanceof ApiError) || e.isNetworkError) return LOGIN_FAILED_TEXT;
      // 401 without a field: the pending sign-in is gone (timed out): the password again.
      if (e.status === 401 && !e.fieldErrors) {
        onBack(e.serverMessage);
        return null;
      }
      return e.serverMessage ?? LOGIN_FAILED_TEXT;
    }
    onSignedIn();
    return null;
  }

  return (
    <section aria-labelledby="second-step-heading" className="grid gap-4">
      <div className="grid gap-1">
        <h2 id="second-step-heading" className="text-lg font-semibold">
          Two-step sign-in
        </h2>
        <p className="text-sm text-muted-foreground">
          {mode === 'totp'
            ? 'Your password was right. Now enter the 6-digit code your authenticator app shows for Smile Referrals.'
            : 'Enter one of the recovery codes you saved when you set up your second factor. Each code works once.'}
        </p>
      </div>

      {showPasskey && passkey}

      <CodeForm key={mode} recovery={mode === 'recovery'} onSubmit={submit} />

      <div className="grid gap-2">
        {mode === 'totp' && hasRecovery && (
          <Button
            type="button"
            variant="link"
            className="h-11 justify-self-start px-0"
            onClick={() => setMode('recovery')}
          >
            Use a recovery code instead
          </Button>
        )}
        {mode === 'recovery' && hasTotp && (
          <Button
            type="button"
            variant="link"
            className="h-11 justify-self-start px-0"
            onClick={() => setMode('totp')}
          >
            Use your authenticator app instead
          </Button>
        )}
        <Button type="button" variant="outline" className="h-11 w-full" onClick={() => onBack()}>
          <ArrowLeft aria-hidden="true" />
          Back
        </Button>
      </div>
    </section>
  );
}

function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert variant="destructive" id={ERROR_ID}>
      <CircleAlert aria-hidden="true" />
      <AlertDescription>{message}</AlertDescription>
    </Alert>
  );
}

/**
 * The authenticator app's code (six digits, spaces allowed, the phone's one-time-code keyboard) or, with
 * `recovery`, a recovery code (10 letters and digits, any case, with or without the dash): the body
 * POST /api/login/second-factor takes, one of the two.
 */
function CodeForm({
  recovery,
  onSubmit,
}: {
  recovery: boolean;
  onSubmit: (body: SecondFactorCodeInput) => Promise<string | null>;
}) {
  const [error, setError] = useState<string | null>(null);
  const form = useSchemaForm(secondFactorCodeSchema, {
    defaultValues: recovery ? { recoveryCode: '' } : { code: '' },
  });
  const name = recovery ? 'recoveryCode' : 'code';
  const busy = form.formState.isSubmitting;
  const shared = {
    control: form.control,
    describedBy: error ? ERROR_ID : undefined,
    messageProps: { role: 'alert' },
    autoFocus: true,
    spellCheck: false,
    onInput: () => setError(null),
  } as const;
  return (
    <Form {...form}>
      <form
        method="post"
        noValidate
        className="grid gap-4"
        onSubmit={form.handleSubmit(async (values) => {
          setError(null);
          const failed = await onSubmit(values);
          if (failed) {
            setError(failed);
            // A wrong app code is gone in 30 seconds anyway: cleared. A recovery code is selected, to mend.
            if (!recovery) form.setValue('code', '');
            // After the button's re-render (it was disabled while checking, which took focus away).
            requestAnimationFrame(() => form.setFocus(name, { shouldSelect: recovery }));
          }
        })}
      >
        <FormAlert message={error} />
        {recovery ? (
          <TextField
            {...shared}
            name="recoveryCode"
            id="second-step-recovery-code"
            label="Recovery code"
            description="For example 7hq2m-x9k4d."
            autoComplete="off"
            autoCapitalize="none"
            autoCorrect="off"
            maxLength={40}
            className="[&_input]:h-11 [&_input]:font-mono"
          />
        ) : (
          <TextField
            {...shared}
            name="code"
            id="second-step-code"
            label="Code from your authenticator app"
            autoComplete="one-time-code"
            inputMode="numeric"
            pattern="[0-9 ]*"
            maxLength={9}
            className="[&_input]:h-11 [&_input]:text-lg [&_input]:tracking-widest"
          />
        )}
        <Button type="submit" disabled={busy} className="h-11 w-full">
          {busy ? 'Checking...' : 'Sign In'}
        </Button>
      </form>
    </Form>
  );
}
