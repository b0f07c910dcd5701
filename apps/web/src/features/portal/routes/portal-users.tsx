import { portalUserMessages } from "@cm/contracts/portal-users";
import { useQuery } from "@tanstack/react-query";
import { UsersIcon } from "lucide-react";
import { EmptyState, ListLoadError, TableLoadingRows } from "@/components/list-states";
import { Table, TableBody } from "@/components/ui/table";
import { ColleagueInviteDialog } from "@/features/portal/components/colleague-invite-dialog";
import { ColleagueTable } from "@/features/portal/components/colleague-table";
import { usePortalMe } from "@/lib/api/portal/get-portal-me";
import { portalUsersQueryOptions } from "@/lib/api/portal/get-portal-users";

/**
 * `/portal/users` (issue 34): with `portal.users.manage`, the organization's users, "Invite
 * colleague", and Deactivate or Reactivate; without it, why there is nothing to manage.
 */
export default function PortalUsersRoute() {
  const me = usePortalMe();
  const allowed = me.data?.permissions.includes("portal.users.manage") ?? false;
  const users = useQuery({ ...portalUsersQueryOptions(), enabled: allowed });

  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-6">
      <title>{`${portalUserMessages.title} · Catalog Manager`}</title>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex min-w-0 flex-col gap-1">
          <h1 id="page-title" className="text-2xl font-semibold tracking-tight">
            {portalUserMessages.title}
          </h1>
          <p className="text-sm text-muted-foreground">{portalUserMessages.description}</p>
        </div>
        {users.data ? <ColleagueInviteDialog roles={users.data.roles} stores={users.data.stores} /> : null}
      </div>
      {me.isPending || (allowed && users.isPending) ? (
        <div role="status" aria-label="Loading users" className="overflow-x-auto rounded-lg border">
          <Table>
            <TableBody>
              <TableLoadingRows columns={6} />
            </TableBody>
          </Table>
        </div>
      ) : me.isError ? (
        <ListLoadError
          title={portalUserMessages.loadFailed}
          message={me.error.message}
          onRetry={() => void me.refetch()}
        />
      ) : !allowed ? (
        <EmptyState
          icon={<UsersIcon aria-hidden="true" className="mb-2 size-6 text-muted-foreground" />}
          title={portalUserMessages.title}
          description={portalUserMessages.notAllowed}
        />
      ) : users.isError ? (
        <ListLoadError
          title={portalUserMessages.loadFailed}
          message={users.error.message}
          onRetry={() => void users.refetch()}
        />
      ) : users.data ? (
        <ColleagueTable users={users.data.users} meId={me.data.user.id} />
      ) : null}
    </section>
  );
}
