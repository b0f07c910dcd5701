import type { Role } from "@cm/contracts/roles";
import { fullName, type User } from "@cm/contracts/users";
import { XIcon } from "lucide-react";
import { useId } from "react";
import { Controller, useFormContext, useWatch } from "react-hook-form";
import { Combobox, type ComboboxOption } from "@/components/combobox";
import { Button } from "@/components/ui/button";
import { Field, FieldDescription, FieldError, FieldLabel } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { RoleSelect } from "@/components/users/role-select";
import { cn } from "@/lib/utils";

const personFields = [
  { field: "firstName", label: "First name", autoComplete: "given-name" },
  { field: "lastName", label: "Last name", autoComplete: "family-name" },
  { field: "email", label: "Email", autoComplete: "email" },
] as const;

/**
 * One person of the new customer (the main contact or a user): chosen from the existing
 * customer users, which fills in and locks their details, or typed in to create a new user.
 * `name` is the person's path in the wizard's form, e.g. "users.0". A new user's role is chosen
 * among `roles`, the customer (portal) roles only.
 */
export function PersonFields({
  name,
  existingUsers,
  roles,
  label,
}: {
  name: string;
  existingUsers: readonly User[];
  roles: readonly Role[];
  /** Names the person in labels for screen readers, e.g. "User 2". */
  label: string;
}) {
  const id = useId();
  const { control, setValue, formState } = useFormContext();
  const chosenId = useWatch({ control, name: `${name}.id` }) as number | undefined;
  const chosen = chosenId !== undefined;

  const options: ComboboxOption[] = existingUsers.map((user) => ({
    value: String(user.id),
    label: fullName(user),
    description: user.email,
    keywords: [user.email],
  }));

  function choose(value: string) {
    const user = existingUsers.find((candidate) => String(candidate.id) === value);
    if (!user) return;
    const options = { shouldDirty: true, shouldValidate: formState.isSubmitted };
    setValue(`${name}.id`, user.id, options);
    setValue(`${name}.firstName`, user.firstName, options);
    setValue(`${name}.lastName`, user.lastName, options);
    setValue(`${name}.email`, user.email, options);
  }

  function clear() {
    const options = { shouldDirty: true };
    setValue(`${name}.id`, undefined, options);
    for (const { field } of personFields) setValue(`${name}.${field}`, "", options);
  }

  return (
    <div className="flex flex-col gap-4">
      <Field>
        <FieldLabel htmlFor={`${id}-existing`}>Existing customer user</FieldLabel>
        <div className="flex gap-2">
          <Combobox
            id={`${id}-existing`}
            options={options}
            value={chosen ? String(chosenId) : undefined}
            onValueChange={choose}
            placeholder="Create a new user"
            searchPlaceholder="Search users by name or email"
            className="sm:max-w-md"
          />
          {chosen && (
            <Button
              variant="outline"
              size="icon"
              onClick={clear}
              aria-label={`Create a new user for ${label} instead`}
            >
              <XIcon aria-hidden="true" />
            </Button>
          )}
        </div>
        <FieldDescription>
          {chosen
            ? "This user moves to the new customer."
            : "Choose someone who already has an account, or fill in the fields below to create one."}
        </FieldDescription>
      </Field>
      <div className="grid gap-4 sm:grid-cols-3">
        {personFields.map(({ field, label: fieldLabel, autoComplete }) => (
          <Controller
            key={field}
            control={control}
            name={`${name}.${field}`}
            render={({ field: input, fieldState }) => (
              <Field data-invalid={fieldState.invalid}>
                <FieldLabel htmlFor={`${id}-${field}`}>{fieldLabel}</FieldLabel>
                <Input
                  id={`${id}-${field}`}
                  name={input.name}
                  ref={input.ref}
                  value={(input.value as string | undefined) ?? ""}
                  onChange={input.onChange}
                  onBlur={input.onBlur}
                  readOnly={chosen}
                  type={field === "email" ? "email" : "text"}
                  autoComplete={autoComplete}
                  aria-label={`${label} ${fieldLabel.toLowerCase()}`}
                  aria-invalid={fieldState.invalid}
                  aria-describedby={fieldState.invalid ? `${id}-${field}-error` : undefined}
                  className={cn(chosen && "bg-muted/50")}
                />
                <FieldError id={`${id}-${field}-error`}>{fieldState.error?.message}</FieldError>
              </Field>
            )}
          />
        ))}
      </div>
      {!chosen && roles.length > 0 && (
        <Controller
          control={control}
          name={`${name}.roleId`}
          render={({ field: input, fieldState }) => (
            <Field data-invalid={fieldState.invalid} className="sm:max-w-xs">
              <FieldLabel htmlFor={`${id}-roleId`}>Role</FieldLabel>
              <RoleSelect
                roles={roles}
                name={input.name}
                value={input.value as number | undefined}
                onChange={input.onChange}
                triggerRef={input.ref}
                id={`${id}-roleId`}
                className="w-full"
                aria-label={`${label} role`}
                aria-invalid={fieldState.invalid}
                aria-describedby={`${id}-roleId-description`}
              />
              <FieldDescription id={`${id}-roleId-description`}>
                What they may do in the customer portal.
              </FieldDescription>
              <FieldError>{fieldState.error?.message}</FieldError>
            </Field>
          )}
        />
      )}
      <Controller
        control={control}
        name={`${name}.id`}
        render={({ fieldState }) => <FieldError>{fieldState.error?.message}</FieldError>}
      />
    </div>
  );
}
