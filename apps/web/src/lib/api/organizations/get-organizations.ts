import { organizationSchema } from "@cm/contracts/organizations";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { organizationKeys } from "@/lib/api/organizations/organization-keys";
import { apiFetch } from "@/lib/api-client";

/**
 * What pickers need of an organization. Loose, so the rows cached under the shared key keep every
 * field the organizations screens read.
 */
export const organizationSummarySchema = organizationSchema
  .pick({ id: true, name: true, type: true })
  .loose();
export type OrganizationSummary = z.infer<typeof organizationSummarySchema>;

const listSchema = z.array(organizationSummarySchema);

/** `GET /api/organizations`: the internal organization and every customer. */
export function getOrganizations(signal?: AbortSignal): Promise<OrganizationSummary[]> {
  return apiFetch("/api/organizations", { schema: listSchema, signal });
}

export function organizationsQueryOptions() {
  return queryOptions({
    queryKey: organizationKeys.list(),
    queryFn: ({ signal }) => getOrganizations(signal),
  });
}

export function useOrganizations() {
  return useQuery(organizationsQueryOptions());
}
