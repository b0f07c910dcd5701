import { userMessages } from "@cm/contracts/users";
import { ArrowLeftIcon } from "lucide-react";
import { Link, useNavigate } from "react-router";
import { toast } from "@/lib/toast";
import { FormPageSkeleton } from "@/components/form-page-skeleton";
import { ListLoadError } from "@/components/list-states";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { UserForm, type UserFormOutput } from "@/components/users/user-form";
import { useOrganizations } from "@/lib/api/organizations/get-organizations";
import { useRoles } from "@/lib/api/roles/get-roles";
import { useCreateUser } from "@/lib/api/users/create-user";
import { isApiError } from "@/lib/api-client";

/**
 * The page that creates a user (SPEC.md section 5, User creation), shared by People's Create New
 * User and Team's Add New Team Member: the form, "User created successfully" and back to the list,
 * or "Failed to create user" with the server's message.
 */
export function CreateUserPage({
  variant,
  title,
  description,
  listHref,
  listLabel,
}: {
  /** "team-member" creates staff only, in the internal organization. */
  variant: "person" | "team-member";
  title: string;
  description: string;
  listHref: string;
  /** The back link's text: the list it returns to. */
  listLabel: string;
}) {
  const navigate = useNavigate();
  const organizations = useOrganizations();
  const roles = useRoles();
  const createUser = useCreateUser();

  const save = async (values: UserFormOutput) => {
    try {
      await createUser.mutateAsync(variant === "team-member" ? { ...values, userType: "internal" } : values);
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
      <title>{`${title} · Catalog Manager`}</title>
      <div className="flex flex-col gap-3">
        <Button variant="ghost" size="sm" className="-ml-2.5 w-fit" asChild>
          <Link to={listHref}>
            <ArrowLeftIcon aria-hidden="true" />
            {listLabel}
          </Link>
        </Button>
        <div className="flex flex-col gap-1">
          <h1 id="page-title" className="text-2xl font-semibold tracking-tight">
            {title}
          </h1>
          <p className="text-muted-foreground">{description}</p>
        </div>
      </div>
      {failed ? (
        <ListLoadError
          title="Could not load the organizations and roles"
          message={failed.message}
          onRetry={() => void Promise.all([organizations.refetch(), roles.refetch()])}
        />
      ) : !organizations.data || !roles.data ? (
        <FormPageSkeleton fields={variant === "team-member" ? 4 : 5} label="Loading the form…" />
      ) : (
        <Card>
          <CardContent>
            <UserForm
              variant={variant}
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
