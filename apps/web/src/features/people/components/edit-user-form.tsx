import type { Role } from "@cm/contracts/roles";
import {
  type EditUserForm as EditUserFormValues,
  editUserFormSchema,
  userTypeLabels,
  type UserWithMemberships,
} from "@cm/contracts/users";
import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";
import { RequirePermission } from "@/components/require-permission";
import { StatusBadge } from "@/components/status-badge";
import { FormActions } from "@/components/form-actions";
import { Button } from "@/components/ui/button";
import { Field, FieldDescription, FieldError, FieldGroup, FieldLabel } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { RoleSelect } from "@/components/users/role-select";
import { useCan } from "@/hooks/use-permissions";
import { applyServerFieldErrors } from "@/lib/form-errors";
import { uiText } from "@/lib/ui-text";

type EditUserFormOutput = z.output<typeof editUserFormSchema>;

/**
 * The Editing User form: first and last name, and a staff member's role (any active staff role,
 * for a user who may manage people); the rest is shown for reference.
 */
export function EditUserForm({
  user,
  roles,
  cancelHref,
  onSubmit,
}: {
  user: UserWithMemberships;
  /** The roles to choose from; the role select shows for staff only. */
  roles: readonly Role[];
  cancelHref: string;
  /** Saves the names (and a staff member's role); a rejection with field errors marks those fields. */
  onSubmit: (values: EditUserFormOutput) => Promise<void>;
}) {
  const id = useId();
  const canManagePeople = useCan("people.manage");
  const isStaff = user.type === "internal";
  // The user's own role stays listed even when inactive, so the select never shows a blank.
  const staffRoles = roles.filter(
    (role) => role.type === "internal" && (role.status === "active" || role.id === user.roleId),
  );
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<EditUserFormValues, unknown, EditUserFormOutput>({
    resolver: zodResolver(editUserFormSchema),
    mode: "onTouched",
    defaultValues: {
      firstName: user.firstName,
      lastName: user.lastName,
      roleId: isStaff ? user.roleId : undefined,
    },
  });

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      applyServerFieldErrors(error, setError, { accept: (path) => path in editUserFormSchema.shape });
    }
  });

  const organization = user.organizationMemberships
    .map((membership) => membership.organization.name)
    .join(", ");

  return (
    <form noValidate aria-label="Edit user" onSubmit={(event) => void submit(event)}>
      <FieldGroup>
        <dl className="grid gap-x-6 gap-y-3 rounded-md bg-muted/50 p-4 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="text-muted-foreground">Email</dt>
          <dd className="font-medium break-all">{user.email}</dd>
          <dt className="text-muted-foreground">Type</dt>
          <dd className="font-medium">{userTypeLabels[user.type]}</dd>
          <dt className="text-muted-foreground">Organization</dt>
          <dd className="font-medium">{organization}</dd>
          <dt className="text-muted-foreground">Status</dt>
          <dd>
            <StatusBadge status={user.status} />
          </dd>
        </dl>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field data-invalid={Boolean(errors.firstName)}>
            <FieldLabel htmlFor={`${id}-firstName`}>First Name</FieldLabel>
            <Input
              id={`${id}-firstName`}
              autoComplete="off"
              aria-invalid={Boolean(errors.firstName)}
              aria-describedby={errors.firstName ? `${id}-firstName-error` : undefined}
              {...register("firstName")}
            />
            <FieldError id={`${id}-firstName-error`}>{errors.firstName?.message}</FieldError>
          </Field>
          <Field data-invalid={Boolean(errors.lastName)}>
            <FieldLabel htmlFor={`${id}-lastName`}>Last Name</FieldLabel>
            <Input
              id={`${id}-lastName`}
              autoComplete="off"
              aria-invalid={Boolean(errors.lastName)}
              aria-describedby={errors.lastName ? `${id}-lastName-error` : undefined}
              {...register("lastName")}
            />
            <FieldError id={`${id}-lastName-error`}>{errors.lastName?.message}</FieldError>
          </Field>
        </div>
        {isStaff && (
          <Field data-invalid={Boolean(errors.roleId)}>
            <FieldLabel htmlFor={`${id}-roleId`}>Role</FieldLabel>
            <Controller
              control={control}
              name="roleId"
              render={({ field }) => (
                <RoleSelect
                  roles={staffRoles}
                  value={field.value}
                  onChange={field.onChange}
                  disabled={!canManagePeople}
                  id={`${id}-roleId`}
                  onBlur={field.onBlur}
                  aria-invalid={Boolean(errors.roleId)}
                  aria-describedby={`${id}-roleId-description`}
                />
              )}
            />
            <FieldDescription id={`${id}-roleId-description`}>
              The role decides what they may do in Catalog Manager; a change applies at their next request.
            </FieldDescription>
            <FieldError>{errors.roleId?.message}</FieldError>
          </Field>
        )}
        <FormActions cancelHref={cancelHref}>
          {/* The screen opens with either right; saving staff needs people, customers' users customers. */}
          <RequirePermission permission={user.type === "internal" ? "people.manage" : "customers.manage"}>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? uiText.saving : "Save"}
            </Button>
          </RequirePermission>
        </FormActions>
      </FieldGroup>
    </form>
  );
}
