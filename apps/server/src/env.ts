import path from "node:path";
import { z } from "zod";

const repoRoot = path.resolve(import.meta.dirname, "../../..");

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

const proxyKeywords = ["loopback", "linklocal", "uniquelocal"];
const proxyAddressSchema = z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6(), z.enum(proxyKeywords)]);

/**
 * Fastify's `trustProxy`: "false" (no proxy), "true" (trust every hop), a hop count, or comma
 * separated proxy addresses, CIDR ranges or the keywords loopback, linklocal, uniquelocal.
 */
const trustProxySchema = z
  .string()
  .trim()
  .default("false")
  .transform((value, context): boolean | number | string[] => {
    if (value === "" || value === "false") return false;
    if (value === "true") return true;
    if (/^\d+$/.test(value)) return Number(value);
    const addresses = value.split(",").map((address) => address.trim());
    for (const address of addresses) {
      if (!proxyAddressSchema.safeParse(address).success) {
        context.addIssue({
          code: "custom",
          message: `"${address}" is not an address, a CIDR range or a keyword`,
        });
        return z.NEVER;
      }
    }
    return addresses;
  });

function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const configSchema = z
  .object({
    NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
    APP_ENV: z.enum(["development", "qa", "production"]).default("development"),
    HOST: z.string().min(1).default("127.0.0.1"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    /** Public origin of the app as browsers reach it; defaults to http://HOST:PORT. */
    PUBLIC_URL: z.url().optional(),
    DATA_DIR: z.string().min(1).default(path.join(repoRoot, "data")),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL")
      .optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
      .optional(),
    MAIL_FROM: z.string().min(3).default("Catalog Manager <no-reply@catalog-manager.local>"),
    S3_BUCKET: optionalString,
    S3_REGION: z.string().default("us-east-1"),
    S3_ENDPOINT: z.url().optional(),
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    /** Largest line list file an upload accepts, in bytes (25 MB by default). */
    UPLOAD_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(100 * 1024 * 1024)
      .default(25 * 1024 * 1024),
    ADMIN_EMAIL: z.email().default("admin@example.com"),
    COMPANY_NAME: z.string().trim().min(1).default("Catalog Manager Footwear"),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    WEB_DIST_DIR: z.string().min(1).default(path.join(repoRoot, "apps/web/dist")),
    /**
     * Redirect URIs the web app's OAuth client accepts besides `${PUBLIC_URL}/`, comma separated and
     * matched exactly, e.g. `http://127.0.0.1:5173/` for a Vite dev server not behind PUBLIC_URL.
     */
    OIDC_REDIRECT_URIS: z
      .string()
      .default("")
      .transform((list) =>
        list
          .split(",")
          .map((uri) => uri.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.url())),
    /**
     * Login-code request limits (per address and per IP). Only the e2e suite, which signs the same
     * address in many times a minute from one IP, turns them off; production refuses "off".
     */
    LOGIN_RATE_LIMITS: z.enum(["on", "off"]).default("on"),
    /** Behind a reverse proxy, whose X-Forwarded-For to believe (so rate limits see each client). */
    TRUST_PROXY: trustProxySchema,
    /**
     * The folder `npm run …` was typed in (npm sets it): backup and restore resolve their file
     * name against it, since npm runs workspace scripts in the workspace's folder.
     */
    INIT_CWD: optionalString,
    /** The time zone whose calendar months the orders dashboard counts in (an IANA name). */
    TZ: z
      .string()
      .trim()
      .default("UTC")
      .transform((name) => name || "UTC")
      .refine(isTimeZone, "must be an IANA time zone such as UTC or America/New_York"),
  })
  .refine((env) => !(env.NODE_ENV === "production" && env.LOGIN_RATE_LIMITS === "off"), {
    path: ["LOGIN_RATE_LIMITS"],
    message: "cannot be off when NODE_ENV=production",
  })
  .transform((env) => ({
    ...env,
    PUBLIC_URL: env.PUBLIC_URL ?? `http://${env.HOST}:${env.PORT}`,
  }));

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {}

/** Parses the environment once; a bad value names the variable so the operator can fix it. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = configSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return result.data;
}
