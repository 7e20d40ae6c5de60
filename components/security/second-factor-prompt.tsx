'use client';

import { useEffect, useState } from 'react';
import Link from 'next/link';
import { useMutation, useQuery } from '@tanstack/react-query';
import { startAuthentication } from '@simplewebauthn/browser';
import { CircleAlert, KeyRound, Loader2 } from 'lucide-react';
import { toast } from 'sonner';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Form } from '@/components/ui/form';
import { TextField } from '@/components/shared/text-field';
import { errorMessage } from '@/lib/client/api';
import { SECOND_FACTOR_EVENT, type SecondFactorNeed } from '@/lib/client/second-factor-events';
import { SET_UP_SECOND_FACTOR_TEXT, STEP_UP_HOURS } from '@/lib/auth/second-factor-rules';
import { call, endpointMutation } from '@/lib/contract/client';
import { showServerError, useSchemaForm } from '@/lib/contract/form';
import * as passkeys from '@/lib/contract/passkeys';
import { secondFactorCodeSchema, type SecondFactorCodeInput } from '@/lib/validation/second-factor';
import { useStepUpByCode } from './mutations';
import { secondFactorsQuery } from './queries';

const CONFIRMED_TEXT = `Confirmed. You can pay and download the bank file for the next ${STEP_UP_HOURS} hours: please do it again now.`;
const PASSKEY_CANCELLED_TEXT =
  'The passkey was not used. Try again when you are ready, or use a code instead.';

/** POST /api/account/step-up/passkey: a passkey confirms it is you (the options come first). */
function useStepUpByPasskey() {
  return useMutation(endpointMutation(passkeys.stepUp));
}

/**
 * Issue 31: the staff app's answer to a refusal that asks for a second factor (lib/client/second-factor-
 * events.ts). 'set-up': a full admin without one is sent to Settings → Security. 'step-up': paying and the bank
 * file need a factor used in the last 12 hours, so the person confirms it here (a passkey, the authenticator
 * app's code, or a recovery code) and then does again what they were doing. Mounted once, in the staff shell.
 */
export function SecondFactorPrompt() {
  const [need, setNeed] = useState<SecondFactorNeed | null>(null);

  useEffect(() => {
    const open = (event: Event) => setNeed((event as CustomEvent<SecondFactorNeed>).detail);
    window.addEventListener(SECOND_FACTOR_EVENT, open);
    return () => window.removeEventListener(SECOND_FACTOR_EVENT, open);
  }, []);

  return (
    <Dialog open={need !== null} onOpenChange={(open) => !open && setNeed(null)}>
      <DialogContent className="sm:max-w-md">
        {need === 'set-up' && <SetUpFirst onDone={() => setNeed(null)} />}
        {need === 'step-up' && <StepUp onDone={() => setNeed(null)} />}
      </DialogContent>
    </Dialog>
  );
}

function SetUpFirst({ onDone }: { onDone: () => void }) {
  return (
    <>
      <DialogHeader>
        <DialogTitle>Set up a second factor first</DialogTitle>
        <DialogDescription>
          {SET_UP_SECOND_FACTOR_TEXT}. Reading bank details and paying rewards need a passkey or an
          authenticator app as well as your password, so that a stolen password alone cannot move money.
        </DialogDescription>
      </DialogHeader>
      <DialogFooter>
        <Button asChild>
          {/* The prompt lives in the layout, which a client-side navigation keeps: it closes itself. */}
          <Link href="/settings/security" onClick={onDone}>
            Go to Settings → Security
          </Link>
        </Button>
      </DialogFooter>
    </>
  );
}

function StepUp({ onDone }: { onDone: () => void }) {
  const factors = useQuery(secondFactorsQuery());
  const [useRecovery, setUseRecovery] = useState(false);
  const [passkeyNote, setPasskeyNote] = useState<string | null>(null);
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  const byPasskey = useStepUpByPasskey();

  function confirmed() {
    toast.success(CONFIRMED_TEXT);
    onDone();
  }

  async function confirmWithPasskey() {
    if (passkeyBusy) return;
    setPasskeyBusy(true);
    setPasskeyNote(null);
    try {
      const optionsJSON = await call(passkeys.stepUpOptions);
      let response;
      try {
        response = await startAuthentication({ optionsJSON: optionsJSON as never });
      } catch {
        setPasskeyNote(PASSKEY_CANCELLED_TEXT);
        return;
      }
      await byPasskey.mutateAsync({ body: { response: response as never } });
      confirmed();
    } catch (e) {
      setPasskeyNote(errorMessage(e));
    } finally {
      setPasskeyBusy(false);
    }
  }

  const data = factors.data;
  const hasTotp = data?.totpEnabled ?? false;
  const hasPasskey = (data?.passkeys ?? 0) > 0;
  const hasRecovery = (data?.recoveryCodesLeft ?? 0) > 0;
  const recovery = useRecovery || (!hasTotp && hasRecovery);

  return (
    <>
      <DialogHeader>
        <DialogTitle>Confirm it’s you</DialogTitle>
        <DialogDescription>
          Paying rewards and downloading the bank file need your passkey or authenticator app used in the last{' '}
          {STEP_UP_HOURS} hours.
        </DialogDescription>
      </DialogHeader>
      {factors.isPending && (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Loader2 className="size-4 animate-spin" aria-hidden="true" /> Loading your second factors…
        </p>
      )}
      {factors.isError && (
        <Alert variant="destructive">
          <CircleAlert aria-hidden="true" />
          <AlertDescription>{errorMessage(factors.error)}</AlertDescription>
        </Alert>
      )}
      {data && (
        <div className="grid gap-4">
          {hasPasskey && (
            <div className="grid gap-2">
              <Button
                type="button"
                onClick={() => void confirmWithPasskey()}
                aria-disabled={passkeyBusy || undefined}
              >
                {passkeyBusy ? (
                  <Loader2 className="animate-spin" aria-hidden="true" />
                ) : (
                  <KeyRound aria-hidden="true" />
                )}
                Use your passkey
              </Button>
              {passkeyNote && (
                <p role="alert" className="text-sm text-destructive">
                  {passkeyNote}
                </p>
              )}
            </div>
          )}
          {(hasTotp || hasRecovery) && (
            <CodeForm key={recovery ? 'recovery' : 'code'} recovery={recovery} onConfirmed={confirmed} />
          )}
          {hasTotp && hasRecovery && (
            <Button
              type="button"
              variant="link"
              className="h-auto justify-self-start p-0"
              onClick={() => setUseRecovery((v) => !v)}
            >
              {recovery ? 'Use the code from your authenticator app instead' : 'Use a recovery code instead'}
            </Button>
          )}
        </div>
      )}
    </>
  );
}

/** The authenticator app's code, or (with `recovery`) a recovery code: the body POST /api/account/step-up takes. */
function CodeForm({ recovery, onConfirmed }: { recovery: boolean; onConfirmed: () => void }) {
  const stepUp = useStepUpByCode();
  const form = useSchemaForm(secondFactorCodeSchema, {
    defaultValues: recovery ? { recoveryCode: '' } : { code: '' },
  });
  async function onSubmit(values: SecondFactorCodeInput) {
    try {
      await stepUp.mutateAsync({ body: values });
      onConfirmed();
    } catch (e) {
      showServerError(form, e);
    }
  }
  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="grid gap-3">
        {recovery ? (
          <TextField
            control={form.control}
            name="recoveryCode"
            label="Recovery code"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            autoFocus
            description="Each recovery code works once."
            messageProps={{ role: 'alert' }}
          />
        ) : (
          <TextField
            control={form.control}
            name="code"
            label="Code from your authenticator app"
            autoComplete="one-time-code"
            inputMode="numeric"
            autoFocus
            messageProps={{ role: 'alert' }}
          />
        )}
        {form.formState.errors.root && (
          <p role="alert" className="text-sm text-destructive">
            {form.formState.errors.root.message}
          </p>
        )}
        <Button type="submit" aria-disabled={form.formState.isSubmitting || undefined}>
          Confirm
        </Button>
      </form>
    </Form>
  );
}
