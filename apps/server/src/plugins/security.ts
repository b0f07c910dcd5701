import cookie from "@fastify/cookie";
import formbody from "@fastify/formbody";
import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";
import type { Config } from "../env.ts";
import { objectStoreOrigin } from "../modules/storage/object-store.ts";

/**
 * Security headers for every response, and the body and cookie parsers the sign-in step needs
 * (it posts an HTML form and keeps state in cookies).
 */
export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  const servedOverHttps = config.PUBLIC_URL.startsWith("https://");
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        // Only our own script files: no inline scripts, no eval.
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        // Toast, popover and drag-and-drop libraries set inline styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // data: for inlined icons, blob: for previews of files picked for upload, https: for the
        // product pictures line lists link on the brands' own servers (images cannot run code,
        // and the default no-referrer policy keeps our URLs from those servers).
        imgSrc: ["'self'", "data:", "blob:", "https:"],
        fontSrc: ["'self'", "data:"],
        // With S3 storage, the upload dialog PUTs files to the bucket's own origin.
        connectSrc: ["'self'", ...[objectStoreOrigin(config)].filter((origin) => origin !== undefined)],
        objectSrc: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        // Upgrading requests on a plain-http deployment (local, CI) would break every asset.
        upgradeInsecureRequests: servedOverHttps ? [] : null,
      },
    },
    // Browsers ignore HSTS over http; over https it must only be sent when we really serve it.
    strictTransportSecurity: servedOverHttps,
  });
  await app.register(cookie);
  await app.register(formbody);
}
