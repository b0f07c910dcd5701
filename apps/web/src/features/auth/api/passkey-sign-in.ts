import {
  authenticationResponseSchema,
  passkeyPaths,
  passkeySignInInputSchema,
  passkeySignInOptionsSchema,
  passkeySignInResultSchema,
} from "@cm/contracts/passkeys";
import { startAuthentication } from "@simplewebauthn/browser";
import { apiFetch } from "@/lib/api-client";

/**
 * Signs in with a passkey inside this browser's login interaction: the server's options (no
 * credentials listed: the browser offers the passkeys it holds for this site), the browser's
 * prompt, or with `autofill` the e-mail field's suggestions (conditional UI), then the server's
 * check. Answers where the browser goes on: the authorization server, which sends it back to
 * the app signed in, exactly as after a login code.
 */
export async function signInWithPasskey({ autofill = false }: { autofill?: boolean } = {}): Promise<string> {
  const optionsJSON = await apiFetch(passkeyPaths.signInOptions, {
    method: "POST",
    schema: passkeySignInOptionsSchema,
  });
  const response = authenticationResponseSchema.parse(
    await startAuthentication({ optionsJSON, useBrowserAutofill: autofill }),
  );
  const { redirectTo } = await apiFetch(passkeyPaths.signIn, {
    method: "POST",
    body: passkeySignInInputSchema.parse({ response }),
    schema: passkeySignInResultSchema,
  });
  return redirectTo;
}
