import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import { genericMessages } from "@cm/contracts/messages";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { Config } from "../env.ts";
import { failure } from "../lib/envelope.ts";

const immutableAssets = "public, max-age=31536000, immutable";
// Everything outside /assets keeps its name across builds, so browsers must revalidate it.
const revalidate = "no-cache";

export const webAppNotBuiltMessage =
  "The web app is not built yet. Run `npm run build` and restart the server, or use `npm run dev`.";

function isApiPath(pathname: string): boolean {
  return pathname === "/api" || pathname.startsWith("/api/");
}

/**
 * Serves the built SPA and answers every path nothing else claimed. The SPA owns its routes, so
 * an unknown page path gets index.html and the SPA router decides (history fallback); an
 * unknown API path gets the 404 envelope API clients expect. Registered last.
 */
export async function registerWebApp(app: FastifyInstance, config: Config): Promise<void> {
  const root = path.resolve(config.WEB_DIST_DIR);
  // Checked once at start: a server started before the first build says so instead of 404ing.
  const built = existsSync(path.join(root, "index.html"));

  if (built) {
    // The build writes a brotli and a gzip copy of each text file (apps/web/vite.config.ts):
    // `preCompressed` sends the copy a client accepts (brotli first), the file itself otherwise,
    // with `Vary: accept-encoding` so that shared caches keep the answers apart.
    // Files at the top of the build are routed one by one (listed at start), not by a catch-all
    // route: a catch-all would also match unknown /api paths and hand them to the static files
    // instead of the API's 404.
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      // The build's .br and .gz copies are answers to the plain URL (`preCompressed`), not pages of their own.
      globIgnore: ["assets/**", "**/*.br", "**/*.gz"],
      preCompressed: true,
      cacheControl: false,
      dotfiles: "ignore",
      setHeaders: (reply: FastifyReply) => reply.header("cache-control", revalidate),
    });
    // Vite puts content-hashed file names under /assets: a changed file gets a new URL, so they
    // can be cached for good. Served by a catch-all so a rebuild needs no restart.
    const assets = path.join(root, "assets");
    if (existsSync(assets)) {
      await app.register(fastifyStatic, {
        root: assets,
        prefix: "/assets/",
        decorateReply: false,
        preCompressed: true,
        cacheControl: false,
        dotfiles: "ignore",
        setHeaders: (reply: FastifyReply) => reply.header("cache-control", immutableAssets),
      });
    }
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split("?", 1)[0] ?? "/";
    const isPageRequest = request.method === "GET" || request.method === "HEAD";
    if (isApiPath(pathname) || !isPageRequest) {
      return reply.code(404).send(failure(genericMessages.notFound));
    }
    // A missing hashed file is a stale or wrong URL, not a page: index.html would be parsed as script.
    if (pathname.startsWith("/assets/")) {
      return reply.code(404).type("text/plain; charset=utf-8").send(genericMessages.notFound);
    }
    if (!built) {
      return reply.code(503).type("text/plain; charset=utf-8").send(webAppNotBuiltMessage);
    }
    return reply.sendFile("index.html");
  });
}
