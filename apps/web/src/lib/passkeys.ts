import { passkeyMessages } from "@cm/contracts/passkey-rules";
import { browserSupportsWebAuthn, WebAuthnError } from "@simplewebauthn/browser";
import { isApiError } from "@/lib/api-client";

/**
 * Why this page cannot use passkeys, or undefined when it can: the browser has no WebAuthn, or the
 * app was opened by an IP address, which browsers refuse as a relying party (PUBLIC_URL names one).
 */
export function passkeyUnavailableReason(hostname: string = window.location.hostname): string | undefined {
  if (!browserSupportsWebAuthn()) return passkeyMessages.notSupported;
  if (/^\d+(\.\d+){3}$/.test(hostname) || hostname.startsWith("[")) return passkeyMessages.invalidDomain;
  return undefined;
}

/**
 * What a failed passkey ceremony means to a person: the server's message when the server refused,
 * else the browser's WebAuthn error in words, else `fallback`.
 */
export function passkeyErrorMessage(error: unknown, fallback: string): string {
  if (isApiError(error)) return error.message || fallback;
  if (error instanceof WebAuthnError) {
    if (error.code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED") return passkeyMessages.alreadyOnDevice;
    if (error.code === "ERROR_INVALID_DOMAIN" || error.code === "ERROR_INVALID_RP_ID")
      return passkeyMessages.invalidDomain;
  }
  const name = error instanceof Error ? error.name : undefined;
  // The person closed the prompt, it timed out, or another request replaced it.
  if (name === "NotAllowedError" || name === "AbortError") return passkeyMessages.cancelled;
  if (name === "NotSupportedError") return passkeyMessages.notSupported;
  if (name === "SecurityError") return passkeyMessages.invalidDomain;
  return fallback;
}

/** True when the person (or a newer request) ended the ceremony: nothing to report as an error. */
export function isPasskeyCancellation(error: unknown): boolean {
  const name = error instanceof Error ? error.name : undefined;
  return name === "AbortError" || (error instanceof WebAuthnError && error.code === "ERROR_CEREMONY_ABORTED");
}
