import { z } from "zod";
import { permissionSchema } from "./permissions.ts";

/**
 * Sign-in: the OAuth client settings the SPA uses, the login-code form the /auth pages post to
 * `POST /code/authorize`, the query parameters the server redirects back with, and the session
 * user `GET /api/me` returns. See docs/security.md for the reasons behind the numbers.
 */

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

export const loginEmailSchema = z
  .string(authMessages.emailRequired)
  .trim()
  .min(1, authMessages.emailRequired)
  .pipe(z.email(authMessages.emailInvalid));

export const loginCodeSchema = z
  .string(authMessages.codeInvalidFormat)
  .trim()
  .regex(loginCodePattern, authMessages.codeInvalidFormat);

/** The body of `POST /code/authorize` (application/x-www-form-urlencoded). */
export const codeAuthorizeFormSchema = z.discriminatedUnion("action", [
  z.object({ action: z.literal("request"), email: loginEmailSchema }),
  z.object({ action: z.literal("verify"), email: loginEmailSchema, code: loginCodeSchema }),
]);
export type CodeAuthorizeForm = z.infer<typeof codeAuthorizeFormSchema>;

/**
 * `error` values the server puts in the query of `/auth/start` and `/auth/code`. Every one comes
 * with an `error_description` a user can read, except `invalid_code`, whose texts are
 * `authMessages.codeIncorrect` and `authMessages.codeIncorrectHint`.
 */
export const loginErrorValues = ["invalid_code", "rate_limited", "login_expired", "invalid_request"] as const;
export const loginErrorSchema = z.enum(loginErrorValues);
export type LoginError = z.infer<typeof loginErrorSchema>;

/** Query of `/auth/code`. `name` is absent for addresses without an active staff account. */
export const authCodePageQuerySchema = z.object({
  email: z.string(),
  name: z.string().optional(),
  error: z.string().optional(),
  error_description: z.string().optional(),
});
export type AuthCodePageQuery = z.infer<typeof authCodePageQuerySchema>;

/** `data` of `GET /code/interaction`. */
export const loginInteractionSchema = z.object({ active: z.boolean() });
export type LoginInteraction = z.infer<typeof loginInteractionSchema>;

export const userTypeValues = ["internal", "external"] as const;

/** `data` of `GET /api/me`: the signed-in user. */
export const sessionUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  type: z.enum(userTypeValues),
  status: z.string(),
  /** The permissions of the user's role (issue 14), read at each request: a role change applies at once. */
  permissions: z.array(permissionSchema),
  /** The user's role, as the account page shows it. */
  role: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;
