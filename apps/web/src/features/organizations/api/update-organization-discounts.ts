import {
  type Organization,
  organizationSchema,
  type UpdateOrganizationDiscountsInput,
  updateOrganizationDiscountsInputSchema,
} from "@cm/contracts/organizations";
import { useOrganizationWrite } from "@/features/organizations/api/use-organization-write";
import { apiFetch } from "@/lib/api-client";

/** `PUT /api/organizations/update-discounts`: the list replaces the organization's discounts. */
export function updateOrganizationDiscounts(
  organizationId: number,
  input: Omit<UpdateOrganizationDiscountsInput, "organizationId">,
): Promise<Organization> {
  return apiFetch("/api/organizations/update-discounts", {
    method: "PUT",
    body: updateOrganizationDiscountsInputSchema.parse({ ...input, organizationId }),
    schema: organizationSchema,
  });
}

export function useUpdateOrganizationDiscounts(organizationId: number) {
  return useOrganizationWrite(organizationId, updateOrganizationDiscounts);
}
