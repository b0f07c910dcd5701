import type { PortalUser } from "@cm/contracts/portal-users";
import { portalUserMessages } from "@cm/contracts/portal-users";
import { useUserStatusAction } from "@/components/users/use-change-user-status-action";
import { useSetColleagueStatus } from "@/lib/api/portal/set-colleague-status";

/**
 * Deactivating or reactivating a colleague: the staff screens' status action (it asks first and
 * says how it went), saved through `POST /api/portal/users/{id}/deactivate` or `/reactivate`.
 */
export function useColleagueStatusAction() {
  return useUserStatusAction<PortalUser, Parameters<ReturnType<typeof useSetColleagueStatus>["mutate"]>[0]>(
    useSetColleagueStatus(),
    (user, status) => ({ id: user.id, status, revision: user._revision }),
    {
      deactivated: portalUserMessages.deactivated,
      reactivated: portalUserMessages.reactivated,
      failed: () => portalUserMessages.statusFailed,
    },
  );
}
