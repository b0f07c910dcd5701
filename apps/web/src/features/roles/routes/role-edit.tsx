import { roleMessages, type UpdateRoleInput } from "@cm/contracts/roles";
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
import { RoleEditForm, type RoleEditFormOutput } from "@/features/roles/components/role-edit-form";
import { useRole } from "@/lib/api/roles/get-role";
import { useUpdateRole } from "@/lib/api/roles/update-role";
import { isApiError } from "@/lib/api-client";
import { isAdminRole } from "@/lib/roles";

function parseRoleId(value: string | undefined): number | undefined {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/** `/home/team/roles/{roleId}`: edits a role with `PUT /api/roles/{id}`. An unknown role goes back to the list. */
export default function RoleEditRoute() {
  const params = useParams();
  const navigate = useNavigate();
  const roleId = parseRoleId(params.roleId);
  const role = useRole(roleId ?? 0, { enabled: roleId !== undefined });
  const updateRole = useUpdateRole();
  const listHref = paths.home.roles.list.getHref();

  const notFound =
    roleId === undefined ||
    (role.isError && isApiError(role.error) && [400, 404].includes(role.error.status));
  useEffect(() => {
    if (!notFound) return;
    toast.error(roleMessages.notFound, { id: "role-not-found" });
    void navigate(listHref, { replace: true });
  }, [notFound, navigate, listHref]);

  const save = async (values: RoleEditFormOutput) => {
    const current = role.data;
    if (!current) return;
    // Only what this role may change: the Admin role keeps its name, status and permissions; a
    // staff role holds staff permissions, a customer role portal permissions.
    const input: UpdateRoleInput = isAdminRole(current)
      ? { expectedRevision: current._revision, description: values.description }
      : {
          expectedRevision: current._revision,
          name: values.name,
          description: values.description,
          status: values.status,
          ...(current.type === "internal"
            ? { permissions: values.permissions }
            : { portalPermissions: values.portalPermissions }),
        };
    try {
      await updateRole.mutateAsync({ roleId: current.id, input });
    } catch (error) {
      console.error(error);
      toast.error(isApiError(error) && error.message ? error.message : roleMessages.unknownError);
      throw error;
    }
    toast.success(roleMessages.updated);
    await navigate(listHref);
  };

  return (
    <section aria-labelledby="page-title" className="flex max-w-3xl flex-col gap-6">
      <title>Edit Role · Catalog Manager</title>
      <div className="flex flex-col gap-3">
        <Button variant="ghost" size="sm" className="-ml-2.5 w-fit" asChild>
          <Link to={listHref}>
            <ArrowLeftIcon aria-hidden="true" />
            Roles
          </Link>
        </Button>
        <div className="flex flex-col gap-1">
          <h1 id="page-title" className="text-2xl font-semibold tracking-tight">
            Edit Role
          </h1>
          {role.data && <p className="text-sm text-muted-foreground">{role.data.name}</p>}
        </div>
      </div>
      {role.isError && !notFound ? (
        <ListLoadError
          title="Could not load the role"
          message={role.error.message}
          onRetry={() => void role.refetch()}
        />
      ) : !role.data ? (
        <FormPageSkeleton fields={4} label="Loading the role…" />
      ) : (
        <>
          <Card>
            <CardContent>
              {/* Keyed by revision: a reload after someone else's change starts from their values. */}
              <RoleEditForm
                key={`${role.data.id}-${role.data._revision}`}
                role={role.data}
                cancelHref={listHref}
                onSubmit={save}
              />
            </CardContent>
          </Card>
          <HistoryPanel entityType="role" entityId={role.data.id} />
        </>
      )}
    </section>
  );
}
