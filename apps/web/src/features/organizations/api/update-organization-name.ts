import {
  type Organization,
  organizationSchema,
  type UpdateOrganizationNameInput,
  updateOrganizationNameInputSchema,
} from "@cm/contracts/organizations";
import { useOrganizationWrite } from "@/features/organizations/api/use-organization-write";
import { apiFetch } from "@/lib/api-client";

/** `PUT /api/organizations/name`. */
export function updateOrganizationName(
  organizationId: number,
  input: Omit<UpdateOrganizationNameInput, "organizationId">,
): Promise<Organization> {
  return apiFetch("/api/organizations/name", {
    method: "PUT",
    body: updateOrganizationNameInputSchema.parse({ ...input, organizationId }),
    schema: organizationSchema,
  });
}

export function useUpdateOrganizationName(organizationId: number) {
  return useOrganizationWrite(organizationId, updateOrganizationName);
}
