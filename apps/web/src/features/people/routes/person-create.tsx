import { userMessages } from "@cm/contracts/users";
import { ArrowLeftIcon } from "lucide-react";
import { Link, useNavigate } from "react-router";
import { toast } from "sonner";
import { FormPageSkeleton } from "@/components/form-page-skeleton";
import { ListLoadError } from "@/components/list-states";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { UserForm, type UserFormOutput } from "@/components/user-form";
import { paths } from "@/config/paths";
import { useOrganizations } from "@/lib/api/organizations/get-organizations";
import { useRoles } from "@/lib/api/roles/get-roles";
import { useCreateUser } from "@/lib/api/users/create-user";
import { isApiError } from "@/lib/api-client";

/** `/home/people/create-user`: Create New User, staff or customer. */
export default function PersonCreateRoute() {
  const navigate = useNavigate();
  const organizations = useOrganizations();
  const roles = useRoles();
  const createUser = useCreateUser();
  const listHref = paths.home.people.list.getHref();

  const save = async (values: UserFormOutput) => {
    try {
      await createUser.mutateAsync(values);
    } catch (error) {
      console.error(error);
      toast.error(userMessages.createFailed, { description: isApiError(error) ? error.message : undefined });
      throw error;
    }
    toast.success(userMessages.created);
    await navigate(listHref);
  };

  const failed = organizations.error ?? roles.error;

  return (
    <section aria-labelledby="page-title" className="flex max-w-2xl flex-col gap-6">
      <title>Create New User · Catalog Manager</title>
      <div className="flex flex-col gap-3">
        <Button variant="ghost" size="sm" className="-ml-2.5 w-fit" asChild>
          <Link to={listHref}>
            <ArrowLeftIcon aria-hidden="true" />
            People
          </Link>
        </Button>
        <div className="flex flex-col gap-1">
          <h1 id="page-title" className="text-2xl font-semibold tracking-tight">
            Create New User
          </h1>
          <p className="text-muted-foreground">A staff member, or a user of one of your customers.</p>
        </div>
      </div>
      {failed ? (
        <ListLoadError
          title="Could not load the organizations and roles"
          message={failed.message}
          onRetry={() => void Promise.all([organizations.refetch(), roles.refetch()])}
        />
      ) : !organizations.data || !roles.data ? (
        <FormPageSkeleton fields={5} label="Loading the form…" />
      ) : (
        <Card>
          <CardContent>
            <UserForm
              variant="person"
              organizations={organizations.data}
              roles={roles.data}
              cancelHref={listHref}
              onSubmit={save}
            />
          </CardContent>
        </Card>
      )}
    </section>
  );
}
