import {
  type Organization,
  organizationSchema,
  type UpdateOrganizationAddressInput,
  updateOrganizationAddressInputSchema,
} from "@cm/contracts/organizations";
import { useOrganizationWrite } from "@/features/organizations/api/use-organization-write";
import { apiFetch } from "@/lib/api-client";

/** `PUT /api/organizations/{id}/address`: blank optional fields are sent as absent. */
export function updateOrganizationAddress(
  organizationId: number,
  input: UpdateOrganizationAddressInput,
): Promise<Organization> {
  return apiFetch(`/api/organizations/${organizationId}/address`, {
    method: "PUT",
    body: updateOrganizationAddressInputSchema.parse(input),
    schema: organizationSchema,
  });
}

export function useUpdateOrganizationAddress(organizationId: number) {
  return useOrganizationWrite(organizationId, updateOrganizationAddress);
}
