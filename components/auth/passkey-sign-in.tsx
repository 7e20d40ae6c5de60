'use client';

import { useId, useState, useSyncExternalStore } from 'react';
import {
  browserSupportsWebAuthn,
  startAuthentication,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { CircleAlert, Info, KeyRound } from 'lucide-react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/client/api';
import { call } from '@/lib/contract/client';
import * as passkeys from '@/lib/contract/passkeys';
import { LOGIN_FAILED_TEXT } from '@/lib/copy';
import type { PasskeyAssertionInput } from '@/lib/validation/passkeys';

const noChange = () => () => {};

/** Whether this browser can use passkeys (WebAuthn); null where it cannot be known (the server's render). */
export function useWebAuthnSupport(): boolean | null {
  return useSyncExternalStore(noChange, browserSupportsWebAuthn, () => null);
}

/** A browser prompt closed, refused or left to time out: nothing went wrong, the person chose not to. */
export function isPasskeyCancel(error: unknown): boolean {
  return error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError');
}

const CANCELLED_TEXT = 'The passkey was not used. Try again when you are ready.';

interface PasskeySignInProps {
  /** The session has started: go on to the app. */
  onSignedIn: () => void;
  /**
   * The second step after a right password: 'Use a passkey' with that account's passkeys. When the password
   * step has timed out meanwhile, `onBack` takes the person back to it with the words to show.
   */
  secondStep?: boolean;
  onBack?: (message?: string) => void;
}

/**
 * Signing in with a passkey (issue 31): 'Use a passkey' under the login form (a passkey alone, which must
 * verify its user) and in the second step. (Not 'Sign in with a passkey': every end-to-end spec finds the
 * form's 'Sign In' button by name, and Playwright's name match would find both.) The options come from the server, the browser
 * asks the passkey, and its answer starts the session. A prompt the person closes is a calm note, not an error;
 * a browser that cannot use passkeys is told in words instead of a button that does nothing.
 */
export function PasskeySignIn({ onSignedIn, secondStep = false, onBack }: PasskeySignInProps) {
  // Known only in the browser: null on the server and while hydrating, so the first paint agrees with the page.
  const supported = useWebAuthnSupport();
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<{ error: boolean; text: string } | null>(null);
  const noteId = useId();

  async function signIn() {
    if (busy) return;
    setBusy(true);
    setNote(null);
    try {
      const options = await call(passkeys.loginOptions);
      const response = await startAuthentication({
        optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
      });
      await call(passkeys.login, {
        body: { response: response as unknown as PasskeyAssertionInput['response'] },
      });
    } catch (e) {
      setBusy(false);
      if (isPasskeyCancel(e)) return setNote({ error: false, text: CANCELLED_TEXT });
      if (e instanceof ApiError && !e.isNetworkError) {
        // The password step timed out while the passkey was asked: back to it, with its words.
        if (secondStep && e.status === 401 && /timed out/i.test(e.serverMessage ?? '')) {
          return onBack?.(e.serverMessage);
        }
        return setNote({ error: true, text: e.serverMessage ?? LOGIN_FAILED_TEXT });
      }
      return setNote({ error: true, text: LOGIN_FAILED_TEXT });
    }
    onSignedIn();
  }

  if (supported === false) {
    return (
      <p className="flex items-start gap-2 text-sm text-muted-foreground">
        <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        {secondStep
          ? 'This browser cannot use passkeys. Use a code instead, or sign in on a browser that can.'
          : 'This browser cannot use passkeys. Sign in with your email and password instead.'}
      </p>
    );
  }

  return (
    <div className="grid gap-3">
      {note &&
        (note.error ? (
          <Alert variant="destructive" id={noteId}>
            <CircleAlert aria-hidden="true" />
            <AlertDescription>{note.text}</AlertDescription>
          </Alert>
        ) : (
          <p id={noteId} role="status" className="text-sm text-muted-foreground">
            {note.text}
          </p>
        ))}
      <Button
        type="button"
        variant="outline"
        className="h-11 w-full"
        disabled={busy || supported === null}
        aria-describedby={note ? noteId : undefined}
        onClick={() => void signIn()}
      >
        <KeyRound aria-hidden="true" />
        {busy ? 'Waiting for your passkey...' : 'Use a passkey'}
      </Button>
    </div>
  );
}
