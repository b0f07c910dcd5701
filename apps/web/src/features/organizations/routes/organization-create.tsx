import { customerMessages } from "@cm/contracts/customers";
import { defaultPortalRoleName } from "@cm/contracts/portal";
import { useNavigate } from "react-router";
import { toast } from "@/lib/toast";
import { FormPageSkeleton } from "@/components/form-page-skeleton";
import { ListLoadError } from "@/components/list-states";
import { paths } from "@/config/paths";
import { useRegisterCustomer } from "@/features/organizations/api/register-customer";
import { CustomerWizard } from "@/features/organizations/components/customer-wizard";
import { useBrandOptions } from "@/lib/api/brands/get-brand-options";
import { useRoles } from "@/lib/api/roles/get-roles";
import { useUsers } from "@/lib/api/users/get-users";
import { applyServerFieldErrors } from "@/lib/form-errors";

/** `/home/organizations/create-customer`: a new customer with its stores and users in one go. */
export default function OrganizationCreateRoute() {
  const navigate = useNavigate();
  const brands = useBrandOptions();
  const users = useUsers();
  const roles = useRoles();
  const registerCustomer = useRegisterCustomer();
  const listHref = paths.home.organizations.list.getHref();

  // A customer user only ever holds a customer (portal) role, Buyer unless chosen otherwise
  // (issue 34); the server falls back to Buyer as well.
  const customerRoles = (roles.data ?? []).filter(
    (role) => role.type === "external" && role.status === "active",
  );
  const defaultRole = customerRoles.find((role) => role.name === defaultPortalRoleName) ?? customerRoles[0];
  const existingUsers = (users.data ?? []).filter(
    (user) => user.type === "external" && user.status === "active",
  );

  return (
    <section aria-labelledby="page-title" className="flex max-w-4xl flex-col gap-6">
      <title>New Customer · Catalog Manager</title>
      <div className="flex flex-col gap-1">
        <h1 id="page-title" className="text-2xl font-semibold tracking-tight">
          New Customer
        </h1>
        <p className="text-muted-foreground">
          Register a customer with its stores and users. Nothing is created until everything is valid.
        </p>
      </div>
      {roles.isPending || users.isPending ? (
        <FormPageSkeleton fields={6} label="Loading the form" />
      ) : roles.isError || users.isError ? (
        <ListLoadError
          title="Could not load the form"
          message={(roles.error ?? users.error)?.message ?? ""}
          onRetry={() => void Promise.all([roles.refetch(), users.refetch()])}
        />
      ) : (
        <CustomerWizard
          brands={brands.data ?? []}
          brandsLoading={brands.isPending}
          existingUsers={existingUsers}
          roles={customerRoles}
          defaultRoleId={defaultRole?.id}
          cancelHref={listHref}
          onSubmit={async (registration, setError) => {
            try {
              await registerCustomer.mutateAsync(registration);
              toast.success(customerMessages.created);
              await navigate(listHref);
            } catch (error) {
              // DESIGN.md section 8: the user stays on the form, nothing lost, with the server's reason.
              applyServerFieldErrors(error, setError);
              toast.error(customerMessages.createFailed, {
                description: error instanceof Error ? error.message : undefined,
              });
            }
          }}
        />
      )}
    </section>
  );
}
