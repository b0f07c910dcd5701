import { authMessages, type SessionUser } from "@cm/contracts/auth";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { failure } from "../../lib/envelope.ts";
import type { AccessTokenVerifier } from "./access-token.ts";
import { canSignIn, findSessionUserById } from "./repository.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in user on every protected `/api` route; null elsewhere. */
    user: SessionUser | null;
  }
}

/** The only `/api` paths open without a token: the SPA's settings before sign-in, and the API docs. */
export function isPublicApiPath(pathname: string): boolean {
  return pathname === "/api/config" || pathname === "/api/docs" || pathname.startsWith("/api/docs/");
}

/** The API, and the file-processing functions (`/functions/...`), which need a token just the same. */
function isApiPath(pathname: string): boolean {
  return pathname === "/api" || pathname.startsWith("/api/") || pathname.startsWith("/functions/");
}

function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/i.exec(header?.trim() ?? "");
  return match?.[1];
}

function refuse(reply: FastifyReply, status: 401 | 403, message: string, error?: string) {
  if (status === 401) reply.header("www-authenticate", error ? `Bearer error="${error}"` : "Bearer");
  return reply.code(status).send(failure(message));
}

/**
 * One hook over the whole API, so a route cannot forget to require sign-in: every `/api` path
 * but the public ones needs a valid access token of an active internal user. It runs on
 * request, before any body is read. Routes find the user in `request.user`.
 */
export function registerApiGuard(app: FastifyInstance, verifyAccessToken: AccessTokenVerifier): void {
  app.decorateRequest("user", null);
  app.addHook("onRequest", async (request: FastifyRequest, reply: FastifyReply) => {
    const route = request.routeOptions.url;
    // No route matched: the 404 answer serves no data (the API's paths are public in its docs).
    if (route === undefined) return;
    // Both the path as sent and the route it matched must be public for a request to go unchecked.
    const pathname = request.url.split("?", 1)[0] ?? "/";
    const underApi = isApiPath(pathname) || isApiPath(route);
    const open = isPublicApiPath(pathname) && isPublicApiPath(route);
    if (!underApi || open) return;

    const token = bearerToken(request.headers.authorization);
    if (!token) return refuse(reply, 401, authMessages.unauthenticated);

    let sub: string;
    try {
      ({ sub } = await verifyAccessToken(token));
    } catch (error) {
      request.log.info({ reason: (error as Error).message }, "access token refused");
      return refuse(reply, 401, authMessages.unauthenticated, "invalid_token");
    }

    const user = await findSessionUserById(app.database.db, Number(sub));
    if (!user) return refuse(reply, 401, authMessages.unauthenticated, "invalid_token");
    if (!canSignIn(user)) {
      request.log.info({ userId: user.id, type: user.type, status: user.status }, "API access refused");
      return refuse(reply, 403, authMessages.forbidden);
    }
    request.user = user;
  });
}
