import type { Permission } from "@cm/contracts/permissions";
import {
  roleMessages,
  type RoleStatus,
  roleStatusValues,
  type RoleType,
  roleTypeLabels,
  roleTypeValues,
} from "@cm/contracts/roles";
import { Controller, useFormContext } from "react-hook-form";
import { Field, FieldDescription, FieldError, FieldLabel } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { PermissionsGrid } from "@/features/roles/components/permissions-grid";
import { PortalPermissionsList } from "@/features/roles/components/portal-permissions-list";

/** The fields of a role both forms hold; a new role chooses its type, an existing one its status. */
interface RoleFieldValues {
  name: string;
  description?: string | null;
  type?: RoleType;
  status?: RoleStatus;
  permissions?: string[];
  /** A customer role's portal permissions (issue 34). */
  portalPermissions?: string[];
}

const statusLabels: Record<RoleStatus, string> = { active: "Active", inactive: "Inactive" };

/**
 * A role's name and description, then its type (`create`: the Create Role dialog) or its status
 * (`edit`: the role's edit screen), inside the form's `FormProvider`. `locked` is the Admin role,
 * whose name and status stay as they are.
 */
export function RoleFields({
  id,
  mode,
  locked = false,
}: {
  id: string;
  mode: "create" | "edit";
  locked?: boolean;
}) {
  const {
    control,
    register,
    setValue,
    formState: { errors },
  } = useFormContext<RoleFieldValues>();

  const described = (name: "name" | "description") =>
    errors[name] ? { "aria-invalid": true, "aria-describedby": `${id}-${name}-error` } : {};

  return (
    <>
      <Field data-invalid={Boolean(errors.name)}>
        <FieldLabel htmlFor={`${id}-name`}>Name</FieldLabel>
        <Input
          id={`${id}-name`}
          autoComplete="off"
          disabled={locked}
          {...described("name")}
          {...register("name")}
        />
        {locked && <FieldDescription>{roleMessages.adminLocked}.</FieldDescription>}
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

      {mode === "create" ? (
        <Field>
          <FieldLabel htmlFor={`${id}-type`}>Type</FieldLabel>
          <Controller
            control={control}
            name="type"
            render={({ field }) => (
              <Select
                value={field.value ?? "internal"}
                onValueChange={(value) => {
                  // A staff role holds staff permissions only, a customer role portal ones only.
                  if (value !== field.value) {
                    setValue("permissions", []);
                    setValue("portalPermissions", []);
                  }
                  field.onChange(value as RoleType);
                }}
              >
                <SelectTrigger id={`${id}-type`} onBlur={field.onBlur}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {roleTypeValues.map((type) => (
                    <SelectItem key={type} value={type}>
                      {roleTypeLabels[type]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
          <FieldDescription>
            Staff roles are for your company, customer roles for customers' users.
          </FieldDescription>
        </Field>
      ) : (
        <Field>
          <FieldLabel htmlFor={`${id}-status`}>Status</FieldLabel>
          <Controller
            control={control}
            name="status"
            render={({ field }) => (
              <Select
                value={field.value ?? "active"}
                onValueChange={(value) => field.onChange(value as RoleStatus)}
                disabled={locked}
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
      )}
    </>
  );
}

/**
 * A role's Permissions, inside the form's `FormProvider`, in the Create Role dialog and the role
 * edit form: for a staff role the grid of staff permissions, for a customer role the portal
 * permissions (issue 34). `label` names them for assistive technology; `locked` is the Admin
 * role, whose permissions stay as they are.
 */
export function RolePermissionsField({
  type,
  label,
  disabled,
  locked,
}: {
  type: RoleType;
  label: string;
  disabled: boolean;
  locked?: boolean;
}) {
  const { control } = useFormContext<RoleFieldValues>();
  return (
    <div className="flex flex-col gap-3">
      <span className="text-sm font-medium">
        {type === "external" ? "Portal permissions" : "Permissions"}
      </span>
      {type === "external" ? (
        <Controller
          control={control}
          name="portalPermissions"
          render={({ field }) => (
            <PortalPermissionsList
              value={field.value ?? []}
              onChange={field.onChange}
              disabled={disabled}
              label={label}
            />
          )}
        />
      ) : (
        <Controller
          control={control}
          name="permissions"
          render={({ field }) => (
            <PermissionsGrid
              value={(field.value ?? []) as Permission[]}
              onChange={field.onChange}
              locked={locked}
              disabled={disabled}
              label={label}
            />
          )}
        />
      )}
    </div>
  );
}
