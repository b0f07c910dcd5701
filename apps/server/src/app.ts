import path from "node:path";
import { genericMessages } from "@cm/contracts/messages";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { serializerCompiler } from "fastify-type-provider-zod";
import { migrateDatabase, openDatabase, type DatabaseHandle } from "./db/client.ts";
import { seedDatabase } from "./db/seed.ts";
import type { Config } from "./env.ts";
import { failure } from "./lib/envelope.ts";
import { moduleErrorHandler } from "./lib/module-errors.ts";
import { validatorCompiler } from "./lib/request-validation.ts";
import { appConfigRoutes } from "./modules/app-config/routes.ts";
import { authModule } from "./modules/auth/plugin.ts";
import { brandRoutes } from "./modules/brands/routes.ts";
import { catalogRoutes } from "./modules/catalogs/routes.ts";
import { customersRoutes } from "./modules/customers/routes.ts";
import { processLineListRoutes } from "./modules/file-processing/process-line-list.routes.ts";
import { healthRoutes } from "./modules/health/routes.ts";
import { historyRoutes } from "./modules/history/routes.ts";
import { itemRoutes } from "./modules/items/routes.ts";
import { lineListMappingRoutes } from "./modules/line-list-mappings/routes.ts";
import { lineListSavesRoutes } from "./modules/line-list-saves/routes.ts";
import { openStockRoutes } from "./modules/open-stock/routes.ts";
import { sizeScaleRoutes } from "./modules/size-scales/routes.ts";
import { placeNewSizeLabels } from "./modules/size-scales/service.ts";
import { lineListRoutes } from "./modules/line-lists/routes.ts";
import { mailModule } from "./modules/mail/plugin.ts";
import { orderDashboardRoutes } from "./modules/order-dashboard/routes.ts";
import { syncOrderSummaryTimeZone } from "./modules/order-dashboard/summaries.ts";
import { orderFormRoutes } from "./modules/order-forms/routes.ts";
import { orderRoutes } from "./modules/orders/routes.ts";
import { organizationsRoutes } from "./modules/organizations/routes.ts";
import { portalRoutes } from "./modules/portal/routes.ts";
import { rolesRoutes } from "./modules/roles/routes.ts";
import { storageModule } from "./modules/storage/plugin.ts";
import { storesRoutes } from "./modules/stores/routes.ts";
import { uploadRoutes } from "./modules/uploads/routes.ts";
import { uploadSweepPlugin } from "./modules/uploads/sweep.ts";
import { usersRoutes } from "./modules/users/routes.ts";
import { registerApiDocs } from "./plugins/api-docs.ts";
import { registerErrorHandler } from "./plugins/error-handler.ts";
import { registerSecurity } from "./plugins/security.ts";
import { registerWebApp } from "./plugins/web-app.ts";

declare module "fastify" {
  interface FastifyInstance {
    config: Config;
    database: DatabaseHandle;
  }
}

export interface BuildAppOptions {
  /** An already opened (and migrated) database; tests pass a fresh clone. The caller closes it. */
  database?: DatabaseHandle;
  /** Leave the seed out (it runs by default, after migrating). */
  skipSeed?: boolean;
}

/**
 * Once the app starts closing, every new request gets 503 and the envelope, so a client or load
 * balancer tries another instance or again shortly; the route's response schema is bypassed
 * (/healthz answers the envelope too). Every answer sent while closing, those of requests in
 * flight included, ends its connection: a keep-alive connection left open would hold the close
 * until it timed out.
 */
function refuseRequestsWhileClosing(app: FastifyInstance): void {
  let closing = false;
  app.addHook("preClose", async () => {
    closing = true;
  });
  app.addHook("onSend", async (_request, reply) => {
    if (closing) reply.header("connection", "close");
  });
  app.addHook("onRequest", async (request, reply) => {
    if (!closing) return;
    request.log.info("refused: the server is closing");
    return reply.code(503).serializer(JSON.stringify).send(failure(genericMessages.serverRestarting));
  });
}

function loggerOptions(config: Config): FastifyServerOptions["logger"] {
  const options: Exclude<FastifyServerOptions["logger"], boolean | undefined> = {
    level: config.LOG_LEVEL,
    // Tokens and session cookies must never reach the logs.
    redact: ["req.headers.authorization", "req.headers.cookie", 'res.headers["set-cookie"]'],
  };
  // Readable lines for a developer at a terminal; JSON everywhere else, for log collectors.
  if (config.NODE_ENV === "development" && process.stdout.isTTY) {
    try {
      import.meta.resolve("pino-pretty");
      options.transport = {
        target: "pino-pretty",
        options: { translateTime: "HH:MM:ss", ignore: "pid,hostname" },
      };
    } catch {
      // pino-pretty is a dev dependency; without it, JSON lines are fine.
    }
  }
  return options;
}

/**
 * The whole application as a Fastify instance, not yet listening: `server.ts` listens, tests use
 * `app.inject`. Opens and migrates the database unless given one, then seeds it.
 */
export async function buildApp(config: Config, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const trustProxy = config.TRUST_PROXY;
  const app = Fastify({
    logger: loggerOptions(config),
    // A hop count trusts that many proxies nearest the server (Fastify's types take it as a function).
    trustProxy:
      typeof trustProxy === "number" ? (_address: string, hop: number) => hop < trustProxy : trustProxy,
    // Closing (server.ts on SIGTERM) ends idle keep-alive connections at once and lets requests in
    // flight finish; requests still arriving are refused by `refuseRequestsWhileClosing`, since
    // Fastify's own 503 (`return503OnClosing`) answers a body that is not our envelope.
    forceCloseConnections: "idle",
    return503OnClosing: false,
    // The router's own refusals (a bad escape in the URL, a parameter too long) answer the envelope too.
    frameworkErrors: moduleErrorHandler(),
  });
  refuseRequestsWhileClosing(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const ownsDatabase = !options.database;
  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.DATABASE_URL,
      pgliteDir: path.join(config.DATA_DIR, "db"),
      onConnectionError: (error) => app.log.error({ err: error }, "database connection failed"),
    }));
  try {
    if (ownsDatabase) await migrateDatabase(database);
    // The dashboard's summaries are cut in months of the configured zone (docs/orders.md).
    await syncOrderSummaryTimeZone(database.db, config.TZ);
    if (!options.skipSeed) await seedDatabase(database.db, config);
    // Size labels written other than by a line list save (a restore, an older server) take their
    // place in their brand's size scale (docs/line-list-format.md, "Size scales").
    await placeNewSizeLabels(database.db);
  } catch (error) {
    if (ownsDatabase) await database.close();
    throw error;
  }

  app.decorate("config", config);
  app.decorate("database", database);
  app.addHook("onClose", async () => {
    if (ownsDatabase) await database.close();
  });

  try {
    await registerEverything(app, config);
  } catch (error) {
    // A plugin that cannot load (mail without SMTP_URL in production, say) must not leave the
    // database open and DATA_DIR locked: closing runs the onClose hooks registered so far.
    await app.close();
    throw error;
  }
  return app;
}

/** Plugins, shared services and routes, in the order they must load. */
async function registerEverything(app: FastifyInstance, config: Config): Promise<void> {
  // 1. Plugins for external concerns. API docs come before any route: they collect routes as added.
  await registerSecurity(app, config);
  await registerApiDocs(app);
  registerErrorHandler(app);

  // 2. App services shared by modules are decorated here.

  // 3. Routes.
  await app.register(healthRoutes);
  await app.register(appConfigRoutes);

  // ---- Feature modules: register each module's plugin here, e.g. `await app.register(authModule)`. ----
  await app.register(mailModule);
  // First: its guard protects every /api route registered after it.
  await app.register(authModule);
  await app.register(rolesRoutes);
  await app.register(usersRoutes);
  await app.register(portalRoutes);
  await app.register(organizationsRoutes);
  await app.register(storesRoutes);
  await app.register(customersRoutes);
  await app.register(brandRoutes);
  await app.register(sizeScaleRoutes);
  await app.register(lineListRoutes);
  await app.register(catalogRoutes);
  await app.register(storageModule);
  await app.register(uploadRoutes);
  await app.register(lineListSavesRoutes);
  // Deletes uploaded files never processed, an hour after their PUT (docs/uploads.md).
  await app.register(uploadSweepPlugin);
  await app.register(processLineListRoutes());
  await app.register(openStockRoutes());
  await app.register(lineListMappingRoutes());
  await app.register(itemRoutes);
  await app.register(orderDashboardRoutes);
  await app.register(orderRoutes);
  await app.register(orderFormRoutes);
  await app.register(historyRoutes);

  // ---- End of feature modules. ----

  // Last: the SPA and the answers for every path nothing above claimed.
  await registerWebApp(app, config);
}
