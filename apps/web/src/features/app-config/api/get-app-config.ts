import { type AppConfig, appConfigSchema } from "@cm/contracts/app-config";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";

export const appConfigKeys = {
  all: ["app-config"] as const,
};

/** Public runtime settings (GET /api/config): which environment this is and the company name. */
export function getAppConfig(signal?: AbortSignal): Promise<AppConfig> {
  return apiFetch("/api/config", { schema: appConfigSchema, signal });
}

export function appConfigQueryOptions() {
  return queryOptions({
    queryKey: appConfigKeys.all,
    queryFn: ({ signal }) => getAppConfig(signal),
    // Fixed for the life of the deployment; one attempt is enough, the shell works without it.
    staleTime: Infinity,
    retry: false,
  });
}

export function useAppConfig() {
  return useQuery(appConfigQueryOptions());
}
