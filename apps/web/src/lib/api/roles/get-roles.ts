import { type Role, roleSchema } from "@cm/contracts/roles";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { roleKeys } from "@/lib/api/roles/role-keys";
import { apiFetch } from "@/lib/api-client";

const roleListSchema = z.array(roleSchema);

/** `GET /api/roles`: staff roles first, then customer roles, each by name. */
export function getRoles(signal?: AbortSignal): Promise<Role[]> {
  return apiFetch("/api/roles", { schema: roleListSchema, signal });
}

export function rolesQueryOptions() {
  return queryOptions({ queryKey: roleKeys.list(), queryFn: ({ signal }) => getRoles(signal) });
}

export function useRoles() {
  return useQuery(rolesQueryOptions());
}
