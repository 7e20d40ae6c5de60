'use client';

import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import QRCode from 'qrcode';
import { CircleAlert, CircleCheck, Copy, Smartphone } from 'lucide-react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { ConfirmDialog } from '@/components/shared/confirm-dialog';
import { QueryState } from '@/components/shared/load-states';
import { TextField } from '@/components/shared/text-field';
import { errorMessage } from '@/lib/client/api';
import { showServerError, useSchemaForm } from '@/lib/contract/form';
import type { TotpSetupDto } from '@/lib/dto/second-factor';
import { formatDateTime } from '@/lib/format';
import { totpCodeSchema } from '@/lib/validation/second-factor';
import { useConfirmTotp, useRemoveTotp, useStartTotp } from './mutations';
import { secondFactorsQuery } from './queries';
import { SecurityCard } from './security-card';
import { RecoveryCodesList } from './recovery-codes-list';

const ERROR_ID = 'totp-card-error';

/** The secret in groups of four, as people type it. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/**
 * Settings → Security: the authenticator app (issue 31). Not set up: 'Set up' shows a QR code to scan (made in
 * the browser from the otpauth address) and the key to type by hand, and a first code confirms it; the first
 * second factor's recovery codes are then shown once. Set up: since when, and 'Remove' (confirmed).
 */
export function TotpCard({ email }: { email: string }) {
  const query = useQuery(secondFactorsQuery());
  const start = useStartTotp();
  const remove = useRemoveTotp();
  const [setup, setSetup] = useState<TotpSetupDto | null>(null);
  /** After confirming: the new recovery codes (empty: the account's existing ones still work). */
  const [codes, setCodes] = useState<string[] | null>(null);
  const [confirmingRemove, setConfirmingRemove] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const data = query.data;

  async function begin() {
    setNotice(null);
    try {
      setSetup(await start.mutateAsync({}));
    } catch (e) {
      setNotice(errorMessage(e));
    }
  }

  return (
    <SecurityCard
      headingId="totp-card-title"
      icon={Smartphone}
      title="Authenticator app"
      description="An app on your phone (such as Google Authenticator, Microsoft Authenticator or 1Password) shows a new 6-digit code every 30 seconds. You enter it after your password."
    >
      <QueryState query={query} loadingLabel="Loading the authenticator app" rows={2}>
        {codes !== null ? (
          <div className="grid gap-4">
            <SetUpNotice />
            {codes.length > 0 ? (
              <RecoveryCodesList codes={codes} email={email} onDone={() => setCodes(null)} />
            ) : (
              <>
                <p className="text-sm">Your existing recovery codes still work.</p>
                <Button type="button" className="h-11 justify-self-start" onClick={() => setCodes(null)}>
                  Done
                </Button>
              </>
            )}
          </div>
        ) : setup && !data?.totpEnabled ? (
          <SetUpSteps
            setup={setup}
            email={email}
            onCancel={() => setSetup(null)}
            onConfirmed={(recoveryCodes) => {
              setSetup(null);
              setCodes(recoveryCodes);
            }}
          />
        ) : data?.totpEnabled ? (
          <div className="grid gap-3">
            <p className="flex items-center gap-2 text-sm">
              <CircleCheck className="size-4 text-green-700 dark:text-green-400" aria-hidden="true" />
              Set up
              {data.totpEnabledAt ? ` on ${formatDateTime(data.totpEnabledAt)}` : ''}. Signing in asks for a
              code from the app.
            </p>
            <Button
              type="button"
              variant="outline"
              className="h-11 justify-self-start"
              onClick={() => setConfirmingRemove(true)}
            >
              Remove
            </Button>
          </div>
        ) : (
          <div className="grid gap-3">
            <p className="text-sm">Not set up.</p>
            <Button
              type="button"
              className="h-11 justify-self-start"
              disabled={start.isPending}
              onClick={() => void begin()}
            >
              {start.isPending ? 'Starting...' : 'Set up'}
            </Button>
          </div>
        )}
        {notice && (
          <Alert variant="destructive">
            <CircleAlert aria-hidden="true" />
            <AlertDescription>{notice}</AlertDescription>
          </Alert>
        )}
      </QueryState>
      <ConfirmDialog
        open={confirmingRemove}
        onOpenChange={setConfirmingRemove}
        title="Remove the authenticator app?"
        description={
          data && data.passkeys > 0
            ? 'Signing in will no longer accept its codes. Your passkeys and recovery codes still work.'
            : 'Signing in will ask for your password alone, and your recovery codes stop working. You can set an app up again at any time.'
        }
        confirmLabel="Remove"
        busyLabel="Removing..."
        errorId="totp-remove-error"
        onConfirm={async () => {
          await remove.mutateAsync({});
          setConfirmingRemove(false);
          setNotice(null);
        }}
      />
    </SecurityCard>
  );
}

function SetUpNotice() {
  return (
    <Alert
      role="status"
      className="border-green-200 bg-green-50 text-green-800 dark:border-green-900 dark:bg-green-950 dark:text-green-300"
    >
      <CircleCheck aria-hidden="true" />
      <AlertDescription className="text-current">
        The authenticator app is set up. From now on, signing in asks for its code.
      </AlertDescription>
    </Alert>
  );
}

function SetUpSteps({
  setup,
  email,
  onCancel,
  onConfirmed,
}: {
  setup: TotpSetupDto;
  email: string;
  onCancel: () => void;
  onConfirmed: (recoveryCodes: string[]) => void;
}) {
  const [qr, setQr] = useState<string | null>(null);
  const [copied, setCopied] = useState('');
  const confirm = useConfirmTotp();
  const form = useSchemaForm(totpCodeSchema, { defaultValues: { code: '' } });
  const heading = useRef<HTMLHeadingElement>(null);
  const rootError = form.formState.errors.root?.message;

  useEffect(() => {
    let live = true;
    QRCode.toDataURL(setup.otpauthUrl, { margin: 1, width: 200, errorCorrectionLevel: 'M' })
      .then((url) => live && setQr(url))
      .catch(() => live && setQr(null));
    return () => {
      live = false;
    };
  }, [setup.otpauthUrl]);

  // The steps replace the button that started them: focus moves to their heading.
  useEffect(() => heading.current?.focus(), []);

  async function copySecret() {
    try {
      await navigator.clipboard.writeText(setup.secret);
      setCopied('Key copied.');
    } catch {
      setCopied('Copying did not work in this browser: type the key instead.');
    }
  }

  const onSubmit = form.handleSubmit(async (body) => {
    try {
      const { recoveryCodes } = await confirm.mutateAsync({ body });
      onConfirmed(recoveryCodes);
    } catch (e) {
      showServerError(form, e);
    }
  });

  return (
    <div className="grid gap-4">
      <h3 ref={heading} tabIndex={-1} className="font-medium outline-none">
        Set up your authenticator app
      </h3>
      <ol className="grid list-decimal gap-4 pl-5 text-sm">
        <li className="grid gap-2">
          <span>In your authenticator app, add an account and scan this QR code.</span>
          <div className="size-[200px] rounded-md border bg-white p-1">
            {qr && (
              // eslint-disable-next-line @next/next/no-img-element -- a data: URL made in the browser
              <img
                src={qr}
                width={200}
                height={200}
                alt={`QR code for the authenticator app: Smile Referrals, ${email}. If you cannot scan it, type the key below.`}
              />
            )}
          </div>
        </li>
        <li className="grid gap-2">
          <span>Cannot scan it? Choose to enter a setup key, and type this key (time-based):</span>
          <div className="flex flex-wrap items-center gap-2">
            <code
              id="totp-secret"
              translate="no"
              aria-label={`Setup key: ${setup.secret.split('').join(' ')}`}
              className="rounded-md border bg-muted/40 px-3 py-2 font-mono text-base tracking-wider break-all"
            >
              {grouped(setup.secret)}
            </code>
            <Button type="button" variant="outline" className="h-11" onClick={() => void copySecret()}>
              <Copy aria-hidden="true" />
              Copy key
            </Button>
          </div>
          <p role="status" className="min-h-5 text-muted-foreground">
            {copied}
          </p>
        </li>
        <li className="grid gap-2">
          <span>Enter the 6-digit code the app now shows, to confirm it works.</span>
          <Form {...form}>
            <form method="post" noValidate onSubmit={onSubmit} className="grid gap-3">
              <TextField
                control={form.control}
                name="code"
                id="totp-confirm-code"
                label="Code from your authenticator app"
                messageProps={{ role: 'alert' }}
                describedBy={rootError ? ERROR_ID : undefined}
                autoComplete="one-time-code"
                inputMode="numeric"
                pattern="[0-9 ]*"
                maxLength={9}
                spellCheck={false}
                className="max-w-56 [&_input]:h-11 [&_input]:text-lg [&_input]:tracking-widest"
              />
              {rootError && (
                <Alert variant="destructive" id={ERROR_ID}>
                  <CircleAlert aria-hidden="true" />
                  <AlertDescription>{rootError}</AlertDescription>
                </Alert>
              )}
              <div className="flex flex-wrap gap-2">
                <Button type="submit" className="h-11" disabled={form.formState.isSubmitting}>
                  {form.formState.isSubmitting ? 'Checking...' : 'Confirm'}
                </Button>
                <Button type="button" variant="outline" className="h-11" onClick={onCancel}>
                  Cancel
                </Button>
              </div>
            </form>
          </Form>
        </li>
      </ol>
    </div>
  );
}
