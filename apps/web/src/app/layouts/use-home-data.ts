import { sharedReadPermissions } from "@cm/contracts/permissions";
import { useQueries } from "@tanstack/react-query";
import { useEffect } from "react";
import { toast } from "@/lib/toast";
import { brandsQueryOptions } from "@/lib/api/brands/get-brands";
import { storesQueryOptions } from "@/features/stores/api/get-stores";
import { usePermissions } from "@/hooks/use-permissions";
import { organizationsQueryOptions } from "@/lib/api/organizations/get-organizations";
import { rolesQueryOptions } from "@/lib/api/roles/get-roles";
import { usersWithMembershipsQueryOptions } from "@/lib/api/users/get-users-with-memberships";
import { usersQueryOptions } from "@/lib/api/users/get-users";
import { isApiError } from "@/lib/api-client";

/** What each list is called in the failure toast, in the order of the queries below. */
const labels = [
  "users",
  "users with memberships",
  "business stores",
  "roles",
  "brands",
  "organizations",
] as const;

/**
 * The lists SPEC.md section 7 loads on entering `/home`, fetched once for the whole session and
 * shared through the query cache with every screen that shows them (they refresh when a write
 * invalidates them). A list that fails to load is logged and told in a toast; its screens show
 * their own error with a retry.
 */
export function useHomeData(): void {
  // Only the lists the user's role lets them read (what their routes declare): others would be refused.
  const { can } = usePermissions();
  const results = useQueries({
    queries: [
      { ...usersQueryOptions(), enabled: can(sharedReadPermissions.users) },
      { ...usersWithMembershipsQueryOptions(), enabled: can(sharedReadPermissions.users) },
      { ...storesQueryOptions(), enabled: can(sharedReadPermissions.customers) },
      { ...rolesQueryOptions(), enabled: can(sharedReadPermissions.users) },
      { ...brandsQueryOptions(), enabled: can(sharedReadPermissions.brands) },
      { ...organizationsQueryOptions(), enabled: can(sharedReadPermissions.customers) },
    ],
  });

  // One toast per failure: the effect runs again only when a list fails anew.
  const failures = results.map((result) => (result.isError ? result.errorUpdatedAt : 0));
  const failureKey = failures.join(",");
  useEffect(() => {
    results.forEach((result, index) => {
      // A refusal (403) has its own toast, with the server's message (lib/react-query.ts).
      if (!result.isError || (isApiError(result.error) && result.error.status === 403)) return;
      const label = labels[index]!;
      console.error(`Failed to load ${label}: ${result.error.message}`);
      toast.error(`Failed to load ${label}`, { id: `home-data-${label}`, description: result.error.message });
    });
    // `results` is a new array each render; the failures are what matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [failureKey]);
}
