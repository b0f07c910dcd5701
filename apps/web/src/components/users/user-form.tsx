import type { Role } from "@cm/contracts/roles";
import {
  type CreateUserWithMembershipInput,
  createUserWithMembershipInputSchema,
  type UserType,
  userTypeLabels,
  userTypeValues,
} from "@cm/contracts/users";
import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { Controller, type FieldPath, type Resolver, useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { FormActions } from "@/components/form-actions";
import { Button } from "@/components/ui/button";
import { Field, FieldDescription, FieldError, FieldGroup, FieldLabel } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { RoleSelect } from "@/components/users/role-select";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { useCan } from "@/hooks/use-permissions";
import { isApiError } from "@/lib/api-client";
import { applyServerFieldErrors } from "@/lib/form-errors";
import { disabledReason } from "@/lib/permissions";
import { uiText } from "@/lib/ui-text";

export type UserFormValues = CreateUserWithMembershipInput;
export type UserFormOutput = z.output<typeof createUserWithMembershipInputSchema>;

/** What the form needs of an organization. */
export interface OrganizationOption {
  id: number;
  name: string;
  type: "internal" | "external";
}

export interface UserFormProps {
  /**
   * `person`: the Create New User form, internal or external. `team-member`: the Add New Team
   * Member form, always internal, without a type.
   */
  variant: "person" | "team-member";
  organizations: readonly OrganizationOption[];
  roles: readonly Role[];
  cancelHref: string;
  /** Saves the user; a rejection with the server's field errors marks those fields. */
  onSubmit: (values: UserFormOutput) => Promise<void>;
}

/**
 * Creates a person (SPEC.md section 5, "User creation" and "Team member form"). Staff always join
 * the internal organization, so for them the organization is hidden (People) or the internal one
 * is the only choice (Team). Their role is any active staff role (SPEC.md forced Admin; here roles
 * say what their holders may do: DESIGN.md section 8), and none is chosen at first: the person picks
 * one, so nobody is made an Admin by skipping the field. Creating staff needs the right to manage
 * people; without it People offers customers only.
 */
export function UserForm({ variant, organizations, roles, cancelHref, onSubmit }: UserFormProps) {
  const id = useId();
  const fieldId = (name: string) => `${id}-${name}`;
  const canCreateStaff = useCan("people.manage");
  const internalOrganization = organizations.find((organization) => organization.type === "internal");
  const customerOrganizations = organizations.filter((organization) => organization.type === "external");
  const activeRoles = roles.filter((role) => role.status === "active");
  // A staff member holds a staff role, a customer user a customer role (docs/portal.md): the
  // server refuses any other pairing.
  const staffRoles = activeRoles.filter((role) => role.type === "internal");
  const customerRoles = activeRoles.filter((role) => role.type === "external");
  const firstType: UserType = variant === "person" && !canCreateStaff ? "external" : "internal";

  // Staff join the internal organization whatever the field holds: filled in before validation,
  // so what is checked is what is sent.
  const schemaResolver = zodResolver(createUserWithMembershipInputSchema);
  const resolver: Resolver<UserFormValues, unknown, UserFormOutput> = (values, context, options) =>
    schemaResolver(
      values.userType === "internal"
        ? ({ ...values, organizationId: internalOrganization?.id } as UserFormValues)
        : values,
      context,
      options,
    );

  const {
    control,
    register,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<UserFormValues, unknown, UserFormOutput>({
    resolver,
    mode: "onTouched",
    defaultValues: {
      email: "",
      firstName: "",
      lastName: "",
      userType: firstType,
      // The Team form's only organization starts chosen.
      organizationId: variant === "team-member" ? internalOrganization?.id : undefined,
      // No role at first, for staff too: the least a form may do is not make someone an Admin.
      roleId: undefined,
    },
  });
  const userType = useWatch({ control, name: "userType" });
  const isStaff = userType === "internal";

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      // Field errors from the server (400) and the e-mail conflict (409) go next to their fields.
      applyServerFieldErrors(error, setError, {
        accept: (path) => path in createUserWithMembershipInputSchema.shape,
      });
      if (isApiError(error) && error.status === 409) {
        setError("email", { type: "server", message: error.message });
      }
    }
  });

  const described = (name: FieldPath<UserFormValues>) =>
    errors[name] ? { "aria-invalid": true, "aria-describedby": `${fieldId(name)}-error` } : {};

  const organizationOptions =
    variant === "team-member" ? (internalOrganization ? [internalOrganization] : []) : customerOrganizations;
  const showOrganization = variant === "team-member" || !isStaff;

  return (
    <form
      noValidate
      aria-label={variant === "team-member" ? "New team member" : "New user"}
      onSubmit={(event) => void submit(event)}
    >
      <FieldGroup>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field data-invalid={Boolean(errors.firstName)}>
            <FieldLabel htmlFor={fieldId("firstName")}>First Name</FieldLabel>
            <Input
              id={fieldId("firstName")}
              autoComplete="off"
              {...described("firstName")}
              {...register("firstName")}
            />
            <FieldError id={`${fieldId("firstName")}-error`}>{errors.firstName?.message}</FieldError>
          </Field>
          <Field data-invalid={Boolean(errors.lastName)}>
            <FieldLabel htmlFor={fieldId("lastName")}>Last Name</FieldLabel>
            <Input
              id={fieldId("lastName")}
              autoComplete="off"
              {...described("lastName")}
              {...register("lastName")}
            />
            <FieldError id={`${fieldId("lastName")}-error`}>{errors.lastName?.message}</FieldError>
          </Field>
        </div>

        <Field data-invalid={Boolean(errors.email)}>
          <FieldLabel htmlFor={fieldId("email")}>Email</FieldLabel>
          <Input
            id={fieldId("email")}
            type="email"
            autoComplete="off"
            spellCheck={false}
            {...described("email")}
            {...register("email")}
          />
          <FieldError id={`${fieldId("email")}-error`}>{errors.email?.message}</FieldError>
        </Field>

        {variant === "person" && (
          <Field data-invalid={Boolean(errors.userType)}>
            <FieldLabel htmlFor={fieldId("userType")}>Type</FieldLabel>
            <Controller
              control={control}
              name="userType"
              render={({ field }) => (
                <Select
                  value={field.value}
                  onValueChange={(value) => {
                    field.onChange(value as UserType);
                    // Staff and customers hold different roles: start the choice again (null, not
                    // undefined, which the field would read as "back to the default").
                    setValue("roleId", null as unknown as number);
                  }}
                >
                  <SelectTrigger id={fieldId("userType")} onBlur={field.onBlur} {...described("userType")}>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {userTypeValues.map((type) =>
                      type === "internal" && !canCreateStaff ? (
                        <SelectItem key={type} value={type} disabled>
                          {userTypeLabels[type]}{" "}
                          <span className="text-muted-foreground">· {disabledReason("people.manage")}</span>
                        </SelectItem>
                      ) : (
                        <SelectItem key={type} value={type}>
                          {userTypeLabels[type]}
                        </SelectItem>
                      ),
                    )}
                  </SelectContent>
                </Select>
              )}
            />
            <FieldDescription>
              {isStaff
                ? "Staff sign in to Catalog Manager and belong to your company."
                : "Customers belong to one of your customer organizations."}
            </FieldDescription>
            <FieldError id={`${fieldId("userType")}-error`}>{errors.userType?.message}</FieldError>
          </Field>
        )}

        {showOrganization ? (
          <Field data-invalid={Boolean(errors.organizationId)}>
            <FieldLabel htmlFor={fieldId("organizationId")}>Organization</FieldLabel>
            <Controller
              control={control}
              name="organizationId"
              render={({ field }) => (
                <Select
                  value={field.value ? String(field.value) : ""}
                  onValueChange={(value) => field.onChange(Number(value))}
                >
                  <SelectTrigger
                    id={fieldId("organizationId")}
                    onBlur={field.onBlur}
                    {...described("organizationId")}
                  >
                    <SelectValue placeholder="Select an organization" />
                  </SelectTrigger>
                  <SelectContent>
                    {organizationOptions.length === 0 ? (
                      <SelectItem value="none" disabled>
                        {uiText.noOptions}
                      </SelectItem>
                    ) : (
                      organizationOptions.map((organization) => (
                        <SelectItem key={organization.id} value={String(organization.id)}>
                          {organization.name}
                        </SelectItem>
                      ))
                    )}
                  </SelectContent>
                </Select>
              )}
            />
            <FieldError id={`${fieldId("organizationId")}-error`}>
              {errors.organizationId?.message}
            </FieldError>
          </Field>
        ) : (
          // Staff always join the internal organization: nothing to choose, but say which.
          <p className="text-sm text-muted-foreground">
            Joins{" "}
            <span className="font-medium text-foreground">
              {internalOrganization?.name ?? "your company"}
            </span>
            .
            {errors.organizationId && (
              <span role="alert" className="block text-destructive">
                {errors.organizationId.message}
              </span>
            )}
          </p>
        )}

        <Field data-invalid={Boolean(errors.roleId)}>
          <FieldLabel htmlFor={fieldId("roleId")}>Role</FieldLabel>
          <Controller
            control={control}
            name="roleId"
            render={({ field }) => (
              <RoleSelect
                roles={isStaff ? staffRoles : customerRoles}
                value={field.value}
                onChange={field.onChange}
                id={fieldId("roleId")}
                onBlur={field.onBlur}
                {...described("roleId")}
              />
            )}
          />
          {isStaff && (
            <FieldDescription>The role decides what they may do in Catalog Manager.</FieldDescription>
          )}
          <FieldError id={`${fieldId("roleId")}-error`}>{errors.roleId?.message}</FieldError>
        </Field>

        <FormActions cancelHref={cancelHref}>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? uiText.creating : "Create"}
          </Button>
        </FormActions>
      </FieldGroup>
    </form>
  );
}
