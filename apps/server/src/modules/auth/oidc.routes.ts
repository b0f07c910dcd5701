import type { IncomingMessage } from "node:http";
import { oidcMountPath } from "@cm/contracts/auth";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type Provider from "oidc-provider";
import type { OidcSettings } from "./oidc-provider.ts";

/**
 * Mounts the authorization server under /oidc: discovery, JWKS, authorization, token,
 * revocation, end-session. The provider is a Koa app, so each request is handed over raw: Fastify
 * parses no body here (the provider reads its own) and stays out of the response.
 */
export function oidcRoutes(provider: Provider, settings: OidcSettings) {
  const handle = provider.callback();
  const publicUrl = new URL(settings.origin);

  return async function oidc(app: FastifyInstance): Promise<void> {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser("*", (_request, _payload, done) => done(null));

    async function forward(request: FastifyRequest, reply: FastifyReply) {
      reply.hijack();
      const raw = request.raw as IncomingMessage & { originalUrl?: string };
      // The provider derives its mount path from originalUrl and url, and every URL it writes
      // (discovery, redirects, cookie flags) from Host and the protocol: show it the public origin,
      // whatever proxy or test client the request came through.
      raw.originalUrl = raw.url;
      raw.url = raw.url!.slice(oidcMountPath.length) || "/";
      raw.headers.host = publicUrl.host;
      raw.headers["x-forwarded-proto"] = publicUrl.protocol.slice(0, -1);
      delete raw.headers["x-forwarded-host"];
      await handle(raw, reply.raw);
    }

    // The authorization server's endpoints authenticate their callers themselves.
    const options = { config: { permission: "public" }, schema: { hide: true } } as const;
    app.all(oidcMountPath, options, forward);
    app.all(`${oidcMountPath}/*`, options, forward);
  };
}
