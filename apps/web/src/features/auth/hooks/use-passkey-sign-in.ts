import { passkeyMessages } from "@cm/contracts/passkey-rules";
import { browserSupportsWebAuthnAutofill, WebAuthnAbortService } from "@simplewebauthn/browser";
import { useCallback, useEffect, useRef, useState } from "react";
import { isPasskeyCancellation, passkeyErrorMessage, passkeyUnavailableReason } from "@/lib/passkeys";

/** The ceremony's code with its contract schemas (zod): fetched when a ceremony starts. */
const loadCeremony = () => import("@/features/auth/api/passkey-sign-in");

export interface PasskeySignIn {
  /** False where the browser has no WebAuthn, or the app was opened by IP address: no passkey button. */
  supported: boolean;
  /** The button's ceremony is running (the browser's prompt, then the server's check). */
  pending: boolean;
  error: string | undefined;
  signIn: () => void;
}

/**
 * Passkey sign-in for the e-mail page, once the login interaction is known to exist (`ready`):
 * the button's prompt, and where the browser supports it the e-mail field's autofill offering
 * the passkeys it holds (conditional UI). Either one, once verified, leaves for the
 * authorization server. A failed button attempt starts the autofill offer again. The ceremony's
 * code loads when one starts, not with the page (docs/performance.md, "Light pages").
 */
export function usePasskeySignIn({
  ready,
  onSignedIn = (redirectTo) => window.location.assign(redirectTo),
}: {
  ready: boolean;
  /** Where the browser goes once the server accepted the passkey: by default, there. */
  onSignedIn?: (redirectTo: string) => void;
}): PasskeySignIn {
  // The latest callback, without restarting the autofill offer when a caller passes a new one.
  const signedIn = useRef(onSignedIn);
  useEffect(() => {
    signedIn.current = onSignedIn;
  });
  const [supported] = useState(() => passkeyUnavailableReason() === undefined);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();
  // Each value runs the autofill offer once; raising it starts a new one.
  const [autofillRound, setAutofillRound] = useState(0);

  useEffect(() => {
    if (!ready || !supported) return;
    let stopped = false;
    void (async () => {
      if (!(await browserSupportsWebAuthnAutofill()) || stopped) return;
      try {
        const { signInWithPasskey } = await loadCeremony();
        if (stopped) return;
        const redirectTo = await signInWithPasskey({ autofill: true });
        if (!stopped) signedIn.current(redirectTo);
      } catch (failure) {
        // A newer ceremony (the button) or leaving the page ended this one: nothing went wrong.
        if (stopped || isPasskeyCancellation(failure)) return;
        console.error(failure);
        setError(passkeyErrorMessage(failure, passkeyMessages.signInFailed));
      }
    })();
    return () => {
      stopped = true;
    };
  }, [ready, supported, autofillRound]);

  // Leaving the page ends whatever ceremony is still waiting.
  useEffect(() => () => WebAuthnAbortService.cancelCeremony(), []);

  const signIn = useCallback(() => {
    setPending(true);
    setError(undefined);
    loadCeremony()
      .then(({ signInWithPasskey }) => signInWithPasskey())
      .then((redirectTo) => signedIn.current(redirectTo))
      .catch((failure: unknown) => {
        console.error(failure);
        setPending(false);
        setError(passkeyErrorMessage(failure, passkeyMessages.signInFailed));
        setAutofillRound((round) => round + 1);
      });
  }, []);

  return { supported, pending, error, signIn };
}
