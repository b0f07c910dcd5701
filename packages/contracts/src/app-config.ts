import { z } from "zod";

/** Deployment environments (APP_ENV); every one but production shows a badge in the app header. */
export const appEnvValues = ["development", "qa", "production"] as const;
export const appEnvSchema = z.enum(appEnvValues);
export type AppEnv = z.infer<typeof appEnvSchema>;

/** Badge text per environment; production shows none. */
export const appEnvBadgeLabels: Record<AppEnv, string | null> = {
  development: "Development",
  qa: "Quality Assurance",
  production: null,
};

/** `data` of GET /api/config: public, unauthenticated runtime settings the SPA needs before sign-in. */
export const appConfigSchema = z.object({
  appEnv: appEnvSchema,
  companyName: z.string(),
});
export type AppConfig = z.infer<typeof appConfigSchema>;
