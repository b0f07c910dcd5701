import { z } from "zod";
import { authMessages, loginCodePattern } from "./auth-rules.ts";
import { permissionSchema } from "./permissions.ts";

/**
 * Sign-in: the OAuth client settings the SPA uses, the login-code form the /auth pages post to
 * `POST /code/authorize`, the query parameters the server redirects back with, and the session
 * user `GET /api/me` returns. See docs/security.md for the reasons behind the numbers.
 */

// The settings, rules and messages are defined where the sign-in pages can load them without zod.
export {
  apiResourcePath,
  authMessages,
  authPaths,
  loginCodeAlphabet,
  loginCodeLength,
  loginCodePattern,
  loginCodeValidityMinutes,
  oidcClientId,
  oidcMountPath,
  oidcScopes,
} from "./auth-rules.ts";

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
  /** The permissions of the user's role, read at each request: a role change applies at once. */
  permissions: z.array(permissionSchema),
  /** The user's role, as the account page shows it. */
  role: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;
