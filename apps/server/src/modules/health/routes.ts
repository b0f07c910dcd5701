import type { LogLevel } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";

const healthSchema = z.object({ status: z.enum(["ok", "unavailable"]) });

// Longer than this and a load balancer would rather hear "unavailable" than wait.
const pingTimeoutMs = 3000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

const levelsQuietLast: readonly LogLevel[] = ["trace", "debug", "info", "warn", "error", "fatal", "silent"];

/** Liveness and readiness in one: the process answers and its database does too. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  // Probes call this every few seconds, so only failures are worth a line; a route's level
  // replaces the app's, hence never louder than what the operator configured.
  const configured = app.log.level as LogLevel;
  const logLevel =
    levelsQuietLast.indexOf(configured) > levelsQuietLast.indexOf("warn") ? configured : "warn";

  app.get(
    "/healthz",
    {
      config: { permission: "public" },
      logLevel,
      schema: {
        summary: "Health check",
        description: "200 when the server and its database answer, 503 otherwise.",
        tags: ["system"],
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (request, reply) => {
      try {
        await withTimeout(app.database.ping(), pingTimeoutMs);
        return { status: "ok" as const };
      } catch (error) {
        request.log.warn({ err: error }, "database unreachable");
        return reply.code(503).send({ status: "unavailable" as const });
      }
    },
  );
};
