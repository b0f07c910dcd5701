import { type Organization, organizationSchema } from "@cm/contracts/organizations";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { organizationKeys } from "@/lib/api/organizations/organization-keys";
import { apiFetch } from "@/lib/api-client";

/** `GET /api/organizations/{id}`: one organization with its address; 404 "Organization not found". */
export function getOrganization(organizationId: number, signal?: AbortSignal): Promise<Organization> {
  return apiFetch(`/api/organizations/${organizationId}`, { schema: organizationSchema, signal });
}

export function organizationQueryOptions(organizationId: number) {
  return queryOptions({
    queryKey: organizationKeys.detail(organizationId),
    queryFn: ({ signal }) => getOrganization(organizationId, signal),
  });
}

export function useOrganization(organizationId: number | undefined, options: { enabled?: boolean } = {}) {
  return useQuery({
    ...organizationQueryOptions(organizationId ?? 0),
    enabled: organizationId !== undefined && organizationId > 0 && (options.enabled ?? true),
  });
}
