import { authMessages, type SessionUser } from "@cm/contracts/auth";
import { permissionMessages } from "@cm/contracts/permissions";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { failure } from "../../lib/envelope.ts";
import type { AccessTokenVerifier } from "./access-token.ts";
import { portalMessages, type PortalPermission } from "@cm/contracts/portal";
import { isPortalRoute, missingPermission } from "./permissions.ts";
import { canSignIn, findSessionUserById, sessionUserOf } from "./repository.ts";

/** What a portal route knows of the signed-in customer user besides `request.user`. */
export interface PortalContext {
  organizationId: number;
  permissions: PortalPermission[];
}

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in user on every protected `/api` route; null elsewhere. */
    user: SessionUser | null;
    /** A signed-in customer user's organization and portal permissions; null for staff and elsewhere. */
    portal: PortalContext | null;
  }
}

/**
 * The API docs' pages and document, open without a token: their plugin adds its routes itself, so
 * they cannot declare `permission: "public"` as every other open route does.
 */
function isApiDocsPath(pathname: string): boolean {
  return pathname === "/api/docs" || pathname.startsWith("/api/docs/");
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
 * One hook over the whole API, so a route cannot forget to require sign-in or its permission.
 * Each route declares what it needs (`config.permission`, see permissions.ts); anything but
 * "public" needs a valid access token of an active internal user, whose role's permissions are
 * read at each request, so a role change applies at the next one. A route under /api (or
 * /functions) that declares nothing is refused to everyone. It runs on request, before any body
 * is read. Routes find the user in `request.user`. Every API answer is marked `no-store`.
 */
export function registerApiGuard(app: FastifyInstance, verifyAccessToken: AccessTokenVerifier): void {
  app.decorateRequest("user", null);
  app.decorateRequest("portal", null);
  app.addHook("onRequest", async (request: FastifyRequest, reply: FastifyReply) => {
    const route = request.routeOptions.url;
    // No route matched: the 404 answer serves no data (the API's paths are public in its docs).
    if (route === undefined) return;
    const required = request.routeOptions.config.permission;
    if (required === "public") return;
    if (required === undefined) {
      // Outside the API (the SPA, the authorization server's pages) nothing is declared or checked.
      // Both the path as sent and the route it matched must be outside for a request to go unchecked.
      const pathname = request.url.split("?", 1)[0] ?? "/";
      if (!isApiPath(pathname) && !isApiPath(route)) return;
      if (isApiDocsPath(pathname) && isApiDocsPath(route)) return;
    }

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
    if (required === undefined) {
      request.log.error({ route, method: request.method }, "route declares no permission: refused");
      return refuse(reply, 403, authMessages.forbidden);
    }
    // Staff and customers each reach their own routes only, decided here for every route by what it
    // declares (docs/portal.md, "The guard"): a route added later cannot forget it.
    if (isPortalRoute(required)) {
      if (user.type !== "external") {
        request.log.info({ userId: user.id, route }, "portal route refused to staff");
        return refuse(reply, 403, portalMessages.customersOnly);
      }
      if (required !== "portal" && !user.portalPermissions.includes(required)) {
        request.log.info({ userId: user.id, route, permission: required }, "portal permission missing");
        return refuse(reply, 403, portalMessages.missing(required));
      }
    } else if (required !== "account") {
      if (user.type !== "internal") {
        request.log.info({ userId: user.id, route }, "staff route refused to a customer");
        return refuse(reply, 403, portalMessages.staffOnly);
      }
      if (required !== "signed-in") {
        const missing = missingPermission(user, required);
        if (missing) {
          request.log.info({ userId: user.id, route, permission: missing }, "permission missing");
          return refuse(reply, 403, permissionMessages.missing(missing));
        }
      }
    }
    request.user = sessionUserOf(user);
    if (user.type === "external") {
      request.portal = { organizationId: user.organizationId, permissions: user.portalPermissions };
    }
  });

  // API answers carry staff's, customers' and orders' data: no browser cache, back-forward cache or
  // proxy may keep a copy for the next person at the machine. Set once here, over whatever a route
  // set, on every answer (refusals and errors too); only the API docs, public and static, keep theirs.
  app.addHook("onSend", async (request, reply) => {
    const pathname = request.url.split("?", 1)[0] ?? "/";
    if (isApiPath(pathname) && !isApiDocsPath(pathname)) reply.header("cache-control", "no-store");
  });
}
