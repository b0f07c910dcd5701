import fp from "fastify-plugin";
import { createMailer, type Mailer } from "./mailer.ts";
import { outboxDir } from "./outbox.ts";
import { outboxRoutes } from "./outbox.routes.ts";

declare module "fastify" {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/** Decorates `app.mailer` for every module; in outbox mode also serves the dev outbox pages. */
export const mailModule = fp(
  async (app) => {
    const mailer = createMailer(app.config, app.log.child({ module: "mail" }));
    app.decorate("mailer", mailer);
    app.addHook("onClose", async () => mailer.close());
    if (mailer.kind === "outbox") {
      await app.register(outboxRoutes(outboxDir(app.config.DATA_DIR)));
      app.log.info("no SMTP_URL: mails go to the dev outbox at /dev/outbox");
    }
  },
  { name: "mail" },
);
