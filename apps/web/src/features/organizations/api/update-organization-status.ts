import {
  type Organization,
  organizationSchema,
  type UpdateOrganizationStatusInput,
  updateOrganizationStatusInputSchema,
} from "@cm/contracts/organizations";
import { useOrganizationWrite } from "@/features/organizations/api/use-organization-write";
import { apiFetch } from "@/lib/api-client";

/** `PUT /api/organizations/{id}/status`: activate or deactivate; the same status is refused (409). */
export function updateOrganizationStatus(
  organizationId: number,
  input: UpdateOrganizationStatusInput,
): Promise<Organization> {
  return apiFetch(`/api/organizations/${organizationId}/status`, {
    method: "PUT",
    body: updateOrganizationStatusInputSchema.parse(input),
    schema: organizationSchema,
  });
}

export function useUpdateOrganizationStatus(organizationId: number) {
  return useOrganizationWrite(organizationId, updateOrganizationStatus);
}
