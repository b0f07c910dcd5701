import type { Permission } from "@cm/contracts/permissions";
import {
  createRoleInputSchema,
  type Role,
  roleMessages,
  type RoleStatus,
  roleStatusValues,
  roleTypeLabels,
} from "@cm/contracts/roles";
import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { Controller, useForm } from "react-hook-form";
import { Link } from "react-router";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { Field, FieldDescription, FieldError, FieldGroup, FieldLabel } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { PermissionsGrid } from "@/features/roles/components/permissions-grid";
import { isApiError } from "@/lib/api-client";
import { applyServerFieldErrors } from "@/lib/form-errors";
import { isAdminRole } from "@/lib/roles";

/** What the edit screen changes: everything but the type, which the people holding the role share. */
const roleEditFormSchema = createRoleInputSchema.pick({
  name: true,
  description: true,
  status: true,
  permissions: true,
});
type RoleEditFormValues = z.input<typeof roleEditFormSchema>;
export type RoleEditFormOutput = z.output<typeof roleEditFormSchema>;

const statusLabels: Record<RoleStatus, string> = { active: "Active", inactive: "Inactive" };

/**
 * A role's name, description, status and permissions (issue 14). The Admin role keeps its name,
 * its status and every permission; a customer role holds no permissions, so it has no grid.
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
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RoleEditFormValues, unknown, RoleEditFormOutput>({
    resolver: zodResolver(roleEditFormSchema),
    mode: "onTouched",
    defaultValues: {
      name: role.name,
      description: role.description ?? "",
      status: role.status,
      permissions: role.permissions,
    },
  });

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

  const described = (name: "name" | "description") =>
    errors[name] ? { "aria-invalid": true, "aria-describedby": `${id}-${name}-error` } : {};

  return (
    <form noValidate aria-label="Edit role" onSubmit={(event) => void submit(event)}>
      <FieldGroup>
        <dl className="grid gap-x-6 gap-y-3 rounded-md bg-muted/50 p-4 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="text-muted-foreground">Type</dt>
          <dd className="font-medium">{roleTypeLabels[role.type]}</dd>
          <dt className="text-muted-foreground">Users</dt>
          <dd className="font-medium tabular-nums">{role.userCount}</dd>
        </dl>

        <Field data-invalid={Boolean(errors.name)}>
          <FieldLabel htmlFor={`${id}-name`}>Name</FieldLabel>
          <Input
            id={`${id}-name`}
            autoComplete="off"
            disabled={admin}
            {...described("name")}
            {...register("name")}
          />
          {admin && <FieldDescription>{roleMessages.adminLocked}.</FieldDescription>}
          <FieldError id={`${id}-name-error`}>{errors.name?.message}</FieldError>
        </Field>

        <Field data-invalid={Boolean(errors.description)}>
          <FieldLabel htmlFor={`${id}-description`}>Description</FieldLabel>
          <Textarea
            id={`${id}-description`}
            rows={3}
            {...described("description")}
            {...register("description")}
          />
          <FieldDescription>Optional.</FieldDescription>
          <FieldError id={`${id}-description-error`}>{errors.description?.message}</FieldError>
        </Field>

        <Field>
          <FieldLabel htmlFor={`${id}-status`}>Status</FieldLabel>
          <Controller
            control={control}
            name="status"
            render={({ field }) => (
              <Select
                value={field.value ?? "active"}
                onValueChange={(value) => field.onChange(value as RoleStatus)}
                disabled={admin}
              >
                <SelectTrigger id={`${id}-status`} onBlur={field.onBlur} className="w-48">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {roleStatusValues.map((status) => (
                    <SelectItem key={status} value={status}>
                      {statusLabels[status]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
          <FieldDescription>
            An inactive role cannot be given to anyone; the people holding it keep it.
          </FieldDescription>
        </Field>

        {role.type === "internal" && (
          <div className="flex flex-col gap-3">
            <span className="text-sm font-medium">Permissions</span>
            <Controller
              control={control}
              name="permissions"
              render={({ field }) => (
                <PermissionsGrid
                  value={(field.value ?? []) as Permission[]}
                  onChange={field.onChange}
                  locked={admin}
                  disabled={isSubmitting}
                  label={`Permissions of ${role.name}`}
                />
              )}
            />
          </div>
        )}

        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" asChild>
            <Link to={cancelHref}>Cancel</Link>
          </Button>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? "Saving..." : "Save Changes"}
          </Button>
        </div>
      </FieldGroup>
    </form>
  );
}
