import {
  type ChangeOrganizationMainContactInput,
  changeOrganizationMainContactInputSchema,
  type Organization,
  organizationSchema,
} from "@cm/contracts/organizations";
import { useOrganizationWrite } from "@/features/organizations/api/use-organization-write";
import { apiFetch } from "@/lib/api-client";

/**
 * `PUT /api/organizations/change-main-contact-user`: the organization's id travels in the body;
 * a user who is not a member of it is refused (400, on `mainContactUserId`).
 */
export function changeOrganizationMainContact(
  organizationId: number,
  input: Omit<ChangeOrganizationMainContactInput, "organizationId">,
): Promise<Organization> {
  return apiFetch("/api/organizations/change-main-contact-user", {
    method: "PUT",
    body: changeOrganizationMainContactInputSchema.parse({ ...input, organizationId }),
    schema: organizationSchema,
  });
}

export function useChangeOrganizationMainContact(organizationId: number) {
  return useOrganizationWrite(organizationId, changeOrganizationMainContact);
}
