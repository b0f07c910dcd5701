import { createRoleInputSchema, type Role, roleMessages, roleTypeLabels } from "@cm/contracts/roles";
import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { FormProvider, useForm } from "react-hook-form";
import type { z } from "zod";
import { FormActions } from "@/components/form-actions";
import { Button } from "@/components/ui/button";
import { FieldGroup } from "@/components/ui/field";
import { RoleFields, RolePermissionsField } from "@/features/roles/components/role-fields";
import { isApiError } from "@/lib/api-client";
import { applyServerFieldErrors } from "@/lib/form-errors";
import { isAdminRole } from "@/lib/roles";
import { uiText } from "@/lib/ui-text";

/** What the edit screen changes: everything but the type, which the people holding the role share. */
const roleEditFormSchema = createRoleInputSchema.pick({
  name: true,
  description: true,
  status: true,
  permissions: true,
  portalPermissions: true,
});
type RoleEditFormValues = z.input<typeof roleEditFormSchema>;
export type RoleEditFormOutput = z.output<typeof roleEditFormSchema>;

/**
 * A role's name, description, status and permissions. The Admin role keeps its name,
 * its status and every permission; a customer role holds portal permissions, listed instead of the grid.
 */
export function RoleEditForm({
  role,
  cancelHref,
  onSubmit,
}: {
  role: Role;
  cancelHref: string;
  /** Saves the role; a rejection with the server's field errors marks those fields. */
  onSubmit: (values: RoleEditFormOutput) => Promise<void>;
}) {
  const id = useId();
  const admin = isAdminRole(role);
  const form = useForm<RoleEditFormValues, unknown, RoleEditFormOutput>({
    resolver: zodResolver(roleEditFormSchema),
    mode: "onTouched",
    defaultValues: {
      name: role.name,
      description: role.description ?? "",
      status: role.status,
      permissions: role.permissions,
      portalPermissions: role.portalPermissions ?? [],
    },
  });
  const {
    handleSubmit,
    setError,
    formState: { isSubmitting },
  } = form;

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      // The toast says what went wrong; a field the server named, or a name another role of this
      // type already has, is also marked where it was typed.
      applyServerFieldErrors(error, setError);
      if (isApiError(error) && error.message === roleMessages.nameTaken(values.name, role.type)) {
        setError("name", { type: "server", message: error.message });
      }
    }
  });

  return (
    <FormProvider {...form}>
      <form noValidate aria-label="Edit role" onSubmit={(event) => void submit(event)}>
        <FieldGroup>
          <dl className="grid gap-x-6 gap-y-3 rounded-md bg-muted/50 p-4 text-sm sm:grid-cols-[auto_1fr]">
            <dt className="text-muted-foreground">Type</dt>
            <dd className="font-medium">{roleTypeLabels[role.type]}</dd>
            <dt className="text-muted-foreground">Users</dt>
            <dd className="font-medium tabular-nums">{role.userCount}</dd>
          </dl>

          <RoleFields id={id} mode="edit" locked={admin} />

          <RolePermissionsField
            type={role.type}
            label={`Permissions of ${role.name}`}
            disabled={isSubmitting}
            locked={admin}
          />

          <FormActions cancelHref={cancelHref}>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? uiText.saving : "Save Changes"}
            </Button>
          </FormActions>
        </FieldGroup>
      </form>
    </FormProvider>
  );
}
