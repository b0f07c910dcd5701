import type { FastifyInstance } from "fastify";
import { moduleErrorHandler } from "../lib/module-errors.ts";

/**
 * The app's error handler: failures become status + envelope in `moduleErrorHandler`, with the
 * app's messages ("Wrong Input", "Something went wrong in the server."). Modules whose spec names
 * other messages set the same handler with theirs (`useModuleMessages`).
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(moduleErrorHandler());
}
