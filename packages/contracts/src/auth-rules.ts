/**
 * Sign-in's settings, code rules, messages and field checks without zod's schema API: the
 * sign-in pages load this module alone (docs/performance.md, "Light pages"); auth.ts builds the
 * schemas the server checks from the same patterns and messages, and re-exports all of it.
 */

/** Where each kind of user lands after signing in: customers the portal, staff home. */
export const portalPath = "/portal";
export const staffHomePath = "/home";

/** The SPA's OAuth client, registered by the server (public client, PKCE S256, code flow only). */
export const oidcClientId = "catalog-manager-web";
/** The authorization server lives under this path of the public origin: the issuer is `${origin}/oidc`. */
export const oidcMountPath = "/oidc";
/** The API's resource indicator is `${origin}/api`: access tokens carry it as their audience. */
export const apiResourcePath = "/api";
/** What the SPA asks for. Refresh tokens are issued without `offline_access` (see docs/security.md). */
export const oidcScopes = "openid api";

/** The SPA's sign-in pages and the server endpoints they use. */
export const authPaths = {
  start: "/auth/start",
  code: "/auth/code",
  /** HTML form post target of both pages. */
  codeForm: "/code/authorize",
  /** `GET`: whether this browser has a login interaction in progress. */
  interaction: "/code/interaction",
} as const;

// SPEC.md section 9 and the code rules.
export const loginCodeLength = 6;
/** Uppercase letters and digits without the look-alikes 0, O, 1, I and L. */
export const loginCodeAlphabet = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
/** Matches a code as typed (any case); the server compares it uppercased. */
export const loginCodePattern = /^[A-HJKMNP-Za-hjkmnp-z2-9]{6}$/;
export const loginCodeValidityMinutes = 10;

/**
 * What `z.email()` accepts by default (zod's `regexes.email`, copied: importing zod's regexes
 * module put all of them, 1.2 KB gzip, on the sign-in page), so `loginEmailSchema` and
 * `loginEmailProblem` agree; auth-rules.test.ts holds it equal to zod's.
 */
export const loginEmailPattern =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export const authMessages = {
  emailRequired: "Email is required",
  emailInvalid: "Expected a valid email address",
  codeInvalidFormat: `The code has ${loginCodeLength} letters or digits`,
  codeIncorrect: "The code you entered is incorrect.",
  codeIncorrectHint: "Check your code or request a new one",
  rateLimited: (retryAfterSeconds: number) =>
    `Too many login codes requested. Try again in ${formatWait(retryAfterSeconds)}.`,
  loginExpired: "Your sign-in request has expired. Enter your e-mail address again.",
  unauthenticated: "Authentication required",
  forbidden: "Your account does not have access to Catalog Manager",
  invalidRequest: "The sign-in form was incomplete. Please try again.",
} as const;

function formatWait(seconds: number): string {
  if (seconds < 90) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minutes`;
}

/** `loginEmailSchema`'s rule as a plain check: the message for `value`, or undefined when it is valid. */
export function loginEmailProblem(value: string): string | undefined {
  const email = value.trim();
  if (!email) return authMessages.emailRequired;
  return loginEmailPattern.test(email) ? undefined : authMessages.emailInvalid;
}

/** `loginCodeSchema`'s rule as a plain check: the message for `value`, or undefined when it is valid. */
export function loginCodeProblem(value: string): string | undefined {
  return loginCodePattern.test(value.trim()) ? undefined : authMessages.codeInvalidFormat;
}
