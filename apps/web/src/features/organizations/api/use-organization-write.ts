import type { Organization } from "@cm/contracts/organizations";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { customerKeys } from "@/lib/api/customers/customer-keys";
import { organizationKeys } from "@/lib/api/organizations/organization-keys";

/**
 * A write to one organization: the answer replaces the cached organization (with its new
 * revision) and the lists refresh; after a failure it is reloaded, since it may have changed.
 */
export function useOrganizationWrite<TInput>(
  organizationId: number,
  write: (organizationId: number, input: TInput) => Promise<Organization>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TInput) => write(organizationId, input),
    onSuccess: (organization) =>
      queryClient.setQueryData(organizationKeys.detail(organization.id), organization),
    onError: () => queryClient.invalidateQueries({ queryKey: organizationKeys.detail(organizationId) }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: organizationKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: customerKeys.all }),
      ]),
  });
}
