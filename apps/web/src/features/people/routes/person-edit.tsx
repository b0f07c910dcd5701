import { userMessages } from "@cm/contracts/users";
import { ArrowLeftIcon } from "lucide-react";
import { useEffect } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { toast } from "@/lib/toast";
import { FormPageSkeleton } from "@/components/form-page-skeleton";
import { HistoryPanel } from "@/components/history/history-panel";
import { ListLoadError } from "@/components/list-states";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { paths } from "@/config/paths";
import { EditUserForm } from "@/features/people/components/edit-user-form";
import { ResetPasskeysSection } from "@/features/people/components/reset-passkeys-section";
import { UserStatusSection } from "@/features/people/components/user-status-section";
import { useRoles } from "@/lib/api/roles/get-roles";
import { useUser } from "@/lib/api/users/get-user";
import { useUpdateUser } from "@/lib/api/users/update-user";
import { isApiError } from "@/lib/api-client";

function parseUserId(value: string | undefined): number | undefined {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/** `/home/people/edit/{userId}`: Editing User. An unknown user goes back to `/home/people`. */
export default function PersonEditRoute() {
  const params = useParams();
  const navigate = useNavigate();
  const userId = parseUserId(params.userId);
  const user = useUser(userId ?? 0, { enabled: userId !== undefined });
  const updateUser = useUpdateUser();
  // Staff can be given another role; the list is the one the user forms share (cached).
  const roles = useRoles();
  const listHref = paths.home.people.list.getHref();

  const notFound =
    userId === undefined ||
    (user.isError && isApiError(user.error) && [400, 404].includes(user.error.status));
  useEffect(() => {
    if (!notFound) return;
    // The id keeps the toast single when the effect runs twice (React's strict mode).
    toast.error(userMessages.notFound, { id: "user-not-found" });
    void navigate(listHref, { replace: true });
  }, [notFound, navigate, listHref]);

  const save = async (values: { firstName: string; lastName: string; roleId?: number }) => {
    if (!user.data) return;
    try {
      await updateUser.mutateAsync({ id: user.data.id, ...values, expectedRevision: user.data._revision });
    } catch (error) {
      console.error(error);
      toast.error(userMessages.updateFailed, { description: isApiError(error) ? error.message : undefined });
      throw error;
    }
    toast.success(userMessages.updated);
    await navigate(listHref);
  };

  return (
    <section aria-labelledby="page-title" className="flex max-w-2xl flex-col gap-6">
      <title>Editing User · Catalog Manager</title>
      <div className="flex flex-col gap-3">
        <Button variant="ghost" size="sm" className="-ml-2.5 w-fit" asChild>
          <Link to={listHref}>
            <ArrowLeftIcon aria-hidden="true" />
            People
          </Link>
        </Button>
        <h1 id="page-title" className="text-2xl font-semibold tracking-tight">
          Editing User
        </h1>
      </div>
      {user.isError && !notFound ? (
        <ListLoadError
          title="Could not load the user"
          message={user.error.message}
          onRetry={() => void user.refetch()}
        />
      ) : !user.data ? (
        <FormPageSkeleton fields={2} label="Loading the user…" />
      ) : (
        <>
          <Card>
            <CardContent>
              {/* Keyed by revision: a reload after someone else's change starts from their values. */}
              <EditUserForm
                key={`${user.data.id}-${user.data._revision}`}
                user={user.data}
                roles={roles.data ?? []}
                cancelHref={listHref}
                onSubmit={save}
              />
            </CardContent>
          </Card>
          <UserStatusSection
            user={user.data}
            permission={user.data.type === "internal" ? "people.manage" : "customers.manage"}
          />
          {user.data.type === "internal" && <ResetPasskeysSection user={user.data} />}
          <HistoryPanel entityType="user" entityId={user.data.id} />
        </>
      )}
    </section>
  );
}
