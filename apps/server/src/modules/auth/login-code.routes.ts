import {
  authMessages,
  authPaths,
  loginEmailSchema,
  loginInteractionSchema,
  type LoginError,
} from "@cm/contracts/auth";
import { envelopeSchema } from "@cm/contracts/envelope";
import { passkeyMessages, passkeyRequiredLoginError } from "@cm/contracts/passkeys";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type Provider from "oidc-provider";
import { failure, ok } from "../../lib/envelope.ts";
import type { LoginCodeService } from "./login-code.service.ts";
import { currentLoginInteraction, finishLogin, type LoginInteraction } from "./login-interaction.ts";
import { frontendBase, frontendLocationCookie, type OidcSettings } from "./oidc-provider.ts";
import type { PasskeyService } from "./passkeys.service.ts";
import { escapeHtml } from "../../lib/html.ts";

type AuthPage = typeof authPaths.start | typeof authPaths.code;

function pageUrl(base: string, page: AuthPage, query: Record<string, string | undefined>): string {
  const url = new URL(page.slice(1), base);
  for (const [name, value] of Object.entries(query))
    if (value !== undefined) url.searchParams.set(name, value);
  return url.href;
}

function rateLimitedPage(message: string, target: string): string {
  const href = escapeHtml(target);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="0;url=${href}"><title>Too many requests · Catalog Manager</title></head><body><p>${escapeHtml(message)}</p><p><a href="${href}">Continue</a></p></body></html>`;
}

function prefersJson(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? "";
  return accept.includes("application/json") && !accept.includes("text/html");
}

export interface LoginCodeRoutesOptions {
  provider: Provider;
  settings: OidcSettings;
  codes: LoginCodeService;
  /** For a user with a passkey the right code is not enough (docs/security.md, "Passkeys"). */
  passkeys: PasskeyService;
}

/**
 * The login interaction's server side: the `/auth/start` and `/auth/code` pages of the SPA post
 * their HTML forms here, and every answer is a 303 back to one of those pages (or, once the code
 * is right, onwards to the authorization server, which sends the browser to the SPA with `code`
 * and `state`). The login interaction itself travels in the authorization server's cookie.
 */
export function loginCodeRoutes({ provider, settings, codes, passkeys }: LoginCodeRoutesOptions) {
  const currentInteraction = (request: FastifyRequest, reply: FastifyReply) =>
    currentLoginInteraction(provider, request, reply);

  function frontendFor(request: FastifyRequest, interaction: LoginInteraction | undefined): string {
    const remembered = request.cookies?.[frontendLocationCookie];
    let fromCookie: string | undefined;
    try {
      fromCookie = remembered ? decodeURIComponent(remembered) : undefined;
    } catch {
      fromCookie = undefined;
    }
    return frontendBase(settings, interaction?.params.redirect_uri as string | undefined, fromCookie);
  }

  return async function loginCode(app: FastifyInstance): Promise<void> {
    app.get(
      authPaths.interaction,
      {
        // The sign-in pages themselves: nobody is signed in yet.
        config: { permission: "public" },
        schema: {
          summary: "Whether this browser has a sign-in in progress",
          description:
            "The SPA's /auth pages ask on load: without a login interaction a form post cannot succeed, so they start a new sign-in instead.",
          tags: ["auth"],
          response: { 200: envelopeSchema(loginInteractionSchema) },
        },
      },
      async (request, reply) => {
        reply.header("cache-control", "no-store");
        return ok({ active: (await currentInteraction(request, reply)) !== undefined });
      },
    );

    app.post(
      authPaths.codeForm,
      { config: { permission: "public" }, schema: { hide: true } },
      async (request, reply) => {
        reply.header("cache-control", "no-store");
        const body = (request.body ?? {}) as Record<string, unknown>;
        const interaction = await currentInteraction(request, reply);
        const frontend = frontendFor(request, interaction);
        const goTo = (page: AuthPage, query: Record<string, string | undefined>) =>
          reply.redirect(pageUrl(frontend, page, query), 303);
        const startOver = (error: LoginError | typeof passkeyRequiredLoginError, description: string) =>
          goTo(authPaths.start, { error, error_description: description });

        if (!interaction) {
          request.log.info("login form posted without a login interaction");
          return startOver("login_expired", authMessages.loginExpired);
        }
        const parsedEmail = loginEmailSchema.safeParse(body.email);
        if (!parsedEmail.success) {
          return startOver(
            "invalid_request",
            parsedEmail.error.issues[0]?.message ?? authMessages.invalidRequest,
          );
        }
        const email = parsedEmail.data;

        if (body.action === "request") {
          const result = await codes.requestCode({ email, ip: request.ip, interactionUid: interaction.uid });
          if (result.outcome === "sent") return goTo(authPaths.code, { name: result.firstName, email });

          const message = authMessages.rateLimited(result.retryAfterSeconds);
          reply.code(429).header("retry-after", String(result.retryAfterSeconds));
          if (prefersJson(request)) return failure(message);
          // A browser shows a 429 page as it is; this one forwards to the SPA page with the message:
          // the code page when the address still has a code to enter, else the e-mail form.
          const target = result.hasUsableCode
            ? pageUrl(frontend, authPaths.code, {
                name: result.firstName,
                email,
                error: "rate_limited",
                error_description: message,
              })
            : pageUrl(frontend, authPaths.start, {
                error: "rate_limited",
                error_description: message,
                email,
              });
          return reply.type("text/html; charset=utf-8").send(rateLimitedPage(message, target));
        }

        if (body.action === "verify") {
          // A malformed code is simply a wrong one: it spends a try like any other.
          const code = typeof body.code === "string" ? body.code.slice(0, 64) : "";
          const result = await codes.verifyCode({ email, code, interactionUid: interaction.uid });
          if (result.outcome === "incorrect") {
            return goTo(authPaths.code, { name: result.firstName, email, error: "invalid_code" });
          }
          // The code is spent either way; only the mailbox's owner learns that a passkey is needed.
          if (await passkeys.hasPasskeys(result.user.id)) {
            request.log.info({ userId: result.user.id }, "login code refused: the user has a passkey");
            return startOver(passkeyRequiredLoginError, passkeyMessages.passkeyRequired);
          }
          // Back to the authorization endpoint, which redirects to the SPA with `code` and `state`.
          const next = await finishLogin(
            provider,
            settings,
            request,
            reply,
            interaction,
            result.user.id,
            "otp",
          );
          return reply.redirect(next, 303);
        }

        return startOver("invalid_request", authMessages.invalidRequest);
      },
    );
  };
}
