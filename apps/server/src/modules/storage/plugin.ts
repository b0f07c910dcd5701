import path from "node:path";
import fp from "fastify-plugin";
import { loadAuthSecrets } from "../auth/secrets.ts";
import { LocalObjectStore } from "./local-object-store.ts";
import type { ObjectStore } from "./object-store.ts";
import { localStorageRoutes } from "./routes.ts";
import { deriveUploadUrlKey } from "./signed-url.ts";
import { checkStorageIdentity } from "./storage-identity.ts";

declare module "fastify" {
  interface FastifyInstance {
    objectStore: ObjectStore;
  }
}

/** Where the local store keeps its objects. */
export function localStorageRoot(dataDir: string): string {
  return path.join(dataDir, "storage");
}

/**
 * Object storage for uploads (DESIGN.md section 3): S3 when S3_BUCKET is set, else the local
 * disk under DATA_DIR with its signed PUT route. Decorates `app.objectStore`.
 * The local store refuses a DATA_DIR that is not the one the database's uploads are in (the
 * embedded database's own lock is taken where it is opened, db/client.ts).
 */
export const storageModule = fp(
  async (app) => {
    const { config } = app;
    if (config.S3_BUCKET) {
      // Loaded only when used: the AWS SDK is large, and most installations store on disk.
      const { S3ObjectStore } = await import("./s3-object-store.ts");
      app.decorate(
        "objectStore",
        new S3ObjectStore({
          bucket: config.S3_BUCKET,
          region: config.S3_REGION,
          endpoint: config.S3_ENDPOINT,
          accessKeyId: config.S3_ACCESS_KEY_ID,
          secretAccessKey: config.S3_SECRET_ACCESS_KEY,
        }),
      );
      app.log.info({ bucket: config.S3_BUCKET }, "uploads are stored in S3");
      return;
    }
    try {
      await checkStorageIdentity(app.database.db, config.DATA_DIR);
    } catch (error) {
      app.log.fatal({ err: error }, "refusing to start with this DATA_DIR");
      throw error;
    }
    const { hmacKey } = await loadAuthSecrets(app.database.db);
    const store = new LocalObjectStore({
      root: localStorageRoot(config.DATA_DIR),
      signingKey: deriveUploadUrlKey(hmacKey),
      publicUrl: config.PUBLIC_URL,
    });
    await store.init();
    app.decorate("objectStore", store);
    await app.register(localStorageRoutes(store));
  },
  { name: "storage" },
);
