import { type Role, roleSchema } from "@cm/contracts/roles";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { roleKeys } from "@/lib/api/roles/role-keys";
import { apiFetch } from "@/lib/api-client";

/** `GET /api/roles/{id}`: one role, with its permissions and revision; 404 "Role not found". */
export function getRole(roleId: number, signal?: AbortSignal): Promise<Role> {
  return apiFetch(`/api/roles/${roleId}`, { schema: roleSchema, signal });
}

export function roleQueryOptions(roleId: number) {
  return queryOptions({
    queryKey: roleKeys.detail(roleId),
    queryFn: ({ signal }) => getRole(roleId, signal),
  });
}

export function useRole(roleId: number, options: { enabled?: boolean } = {}) {
  return useQuery({ ...roleQueryOptions(roleId), enabled: options.enabled ?? true });
}
