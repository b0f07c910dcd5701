import { authMessages } from "@cm/contracts/auth";
import {
  envelopeSchema,
  errorEnvelopeSchema,
  idParamsSchema,
  writeEnvelopeSchema,
} from "@cm/contracts/envelope";
import {
  passkeyChallengeValidityMinutes,
  passkeyMessages,
  passkeyParamsSchema,
  passkeyPaths,
  passkeyRegistrationOptionsSchema,
  passkeyResetSchema,
  passkeySchema,
  passkeySignInInputSchema,
  passkeySignInOptionsSchema,
  passkeySignInResultSchema,
  registerPasskeyInputSchema,
  renamePasskeyInputSchema,
} from "@cm/contracts/passkeys";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type Provider from "oidc-provider";
import { z } from "zod";
import { failure, ok, written } from "../../lib/envelope.ts";
import { readExpectedRevision } from "../../lib/revisions.ts";
import { currentLoginInteraction, finishLogin } from "./login-interaction.ts";
import type { OidcSettings } from "./oidc-provider.ts";
import type { PasskeyService } from "./passkeys.service.ts";

const tags = ["auth"];
/** The user's own passkeys: staff and customers alike (docs/portal.md). */
const signedIn = { permission: "account" } as const;
/** The sign-in step: no token yet; the login interaction's cookie is what it needs. */
const signInStep = { permission: "public" } as const;
const errors = { 400: errorEnvelopeSchema, 404: errorEnvelopeSchema, 409: errorEnvelopeSchema };

export interface PasskeyRoutesOptions {
  provider: Provider;
  settings: OidcSettings;
  passkeys: PasskeyService;
}

/**
 * Passkeys: the signed-in user's own under `/api/me/passkeys`, the reset of a user's under
 * `/api/users/{id}/passkeys`, and the sign-in step under `/code/passkey`, which lives in the
 * login interaction (its cookie) like the e-mailed code's form and, once the passkey is verified,
 * completes it the same way.
 */
export function passkeyRoutes({ provider, settings, passkeys }: PasskeyRoutesOptions): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      passkeyPaths.mine,
      {
        config: signedIn,
        schema: {
          summary: "My passkeys",
          description: "The signed-in user's passkeys, oldest first.",
          tags,
          response: { 200: envelopeSchema(z.array(passkeySchema)) },
        },
      },
      async (request) => ok(await passkeys.list(request.user!.id)),
    );

    app.post(
      passkeyPaths.registrationOptions,
      {
        config: signedIn,
        schema: {
          summary: "Start adding a passkey",
          description: `The options for \`navigator.credentials.create()\`: a discoverable credential with user verification, the user's passkeys excluded, and a challenge valid ${passkeyChallengeValidityMinutes} minutes (a new one replaces the previous). 409 when the user already has the most passkeys allowed.`,
          tags,
          response: { 200: envelopeSchema(passkeyRegistrationOptionsSchema), 409: errorEnvelopeSchema },
        },
      },
      async (request, reply) => {
        reply.header("cache-control", "no-store");
        return ok(await passkeys.registrationOptions(request.user!));
      },
    );

    app.post(
      passkeyPaths.mine,
      {
        config: signedIn,
        schema: {
          summary: "Add a passkey",
          description: `The browser's answer to the registration options, and the passkey's name. The challenge counts once: 400 "${passkeyMessages.challengeExpired}" when it is unknown, used or expired; 400 when the answer does not verify; 409 when the passkey is already registered.`,
          tags,
          body: registerPasskeyInputSchema,
          response: { 201: writeEnvelopeSchema(passkeySchema), ...errors },
        },
      },
      async (request, reply) => {
        const passkey = await passkeys.register(request.user!, request.body);
        reply.code(201);
        return written(passkey, {
          revision: passkey._revision,
          created: true,
          message: passkeyMessages.registered,
        });
      },
    );

    app.put(
      passkeyPaths.one,
      {
        config: signedIn,
        schema: {
          summary: "Rename a passkey",
          description: "Renames one of the signed-in user's passkeys. Honours If-Match or expectedRevision.",
          tags,
          params: passkeyParamsSchema,
          body: renamePasskeyInputSchema,
          response: { 200: writeEnvelopeSchema(passkeySchema), ...errors },
        },
      },
      async (request) => {
        const passkey = await passkeys.rename(
          request.user!.id,
          request.params.passkeyId,
          request.body.name,
          readExpectedRevision(request),
        );
        return written(passkey, { revision: passkey._revision, message: passkeyMessages.renamed });
      },
    );

    app.delete(
      passkeyPaths.one,
      {
        config: signedIn,
        schema: {
          summary: "Remove a passkey",
          description:
            "Removes one of the signed-in user's passkeys. Without a passkey left, the login code signs them in again. Honours If-Match.",
          tags,
          params: passkeyParamsSchema,
          response: { 200: writeEnvelopeSchema(passkeySchema), ...errors },
        },
      },
      async (request) => {
        const passkey = await passkeys.remove(
          request.user!.id,
          request.params.passkeyId,
          readExpectedRevision(request),
        );
        return written(passkey, { revision: passkey._revision, message: passkeyMessages.removed });
      },
    );

    app.delete(
      passkeyPaths.ofUser,
      {
        config: { permission: "people.manage" },
        schema: {
          summary: "Reset a user's passkeys",
          description:
            "The recovery path for a user who lost their passkeys: removes all of them, so the e-mailed login code signs them in again until they add a new one. Recorded in the user's history.",
          tags: ["users"],
          params: idParamsSchema,
          response: {
            200: envelopeSchema(passkeyResetSchema),
            400: errorEnvelopeSchema,
            404: errorEnvelopeSchema,
          },
        },
      },
      async (request) =>
        ok(await passkeys.resetForUser(request.params.id, request.user!.id), passkeyMessages.reset),
    );

    const interactionErrors = {
      400: errorEnvelopeSchema,
      403: errorEnvelopeSchema,
      410: errorEnvelopeSchema,
    };

    app.post(
      passkeyPaths.signInOptions,
      {
        config: signInStep,
        schema: {
          summary: "Start signing in with a passkey",
          description: `Inside a login interaction (its cookie): the options for \`navigator.credentials.get()\` with no credentials listed (the browser offers the passkeys it holds for this site) and a challenge valid ${passkeyChallengeValidityMinutes} minutes, which replaces the interaction's previous one. 410 without a login interaction.`,
          tags,
          response: { 200: envelopeSchema(passkeySignInOptionsSchema), 410: errorEnvelopeSchema },
        },
      },
      async (request, reply) => {
        reply.header("cache-control", "no-store");
        const interaction = await currentLoginInteraction(provider, request, reply);
        if (!interaction) return reply.code(410).send(failure(authMessages.loginExpired));
        return ok(await passkeys.signInOptions(interaction.uid));
      },
    );

    app.post(
      passkeyPaths.signIn,
      {
        config: signInStep,
        schema: {
          summary: "Sign in with a passkey",
          description: `The browser's assertion, in the login interaction whose options it answers. A valid one completes the interaction as the right login code does; \`redirectTo\` is where the browser goes on (the authorization server, then the SPA with \`code\` and \`state\`). 400 when the challenge is unknown, used or expired, the passkey is unknown or the assertion does not verify; 403 "${authMessages.forbidden}" for a user who may not sign in; 410 without a login interaction.`,
          tags,
          body: passkeySignInInputSchema,
          response: { 200: envelopeSchema(passkeySignInResultSchema), ...interactionErrors },
        },
      },
      async (request, reply) => {
        reply.header("cache-control", "no-store");
        const interaction = await currentLoginInteraction(provider, request, reply);
        if (!interaction) return reply.code(410).send(failure(authMessages.loginExpired));
        const user = await passkeys.verifySignIn(interaction.uid, request.body.response);
        const redirectTo = await finishLogin(
          provider,
          settings,
          request,
          reply,
          interaction,
          user.id,
          "passkey",
        );
        return ok({ redirectTo });
      },
    );
  };
}
