import type { SessionUser } from "@cm/contracts/auth";
import { type EditUserForm, editUserFormSchema, userMessages } from "@cm/contracts/users";
import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { toast } from "@/lib/toast";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Field, FieldDescription, FieldError, FieldGroup, FieldLabel } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { LoginMethods } from "@/features/account/components/login-methods";
import { useUpdateUser } from "@/lib/api/users/update-user";
import { isApiError } from "@/lib/api-client";
import { uiText } from "@/lib/ui-text";

/** The signed-in user's profile: names saved with `PUT /api/users`; e-mail and login options shown only. */
export function AccountForm({ user }: { user: SessionUser }) {
  const ids = { firstName: useId(), lastName: useId(), email: useId() };
  const updateUser = useUpdateUser();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isDirty },
  } = useForm<EditUserForm>({
    resolver: zodResolver(editUserFormSchema),
    mode: "onTouched",
    values: { firstName: user.firstName, lastName: user.lastName },
  });

  const onSubmit = handleSubmit((values) => {
    const input = editUserFormSchema.parse(values);
    updateUser.mutate(
      { id: user.id, ...input },
      {
        onSuccess: () => {
          toast.success(userMessages.updated);
          reset(input);
        },
        onError: (error) => {
          console.error(error);
          toast.error(isApiError(error) && error.message ? error.message : userMessages.updateFailed);
        },
      },
    );
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Profile</h2>
        </CardTitle>
        <CardDescription>Your name as your colleagues see it.</CardDescription>
      </CardHeader>
      <form noValidate aria-label="Profile" onSubmit={(event) => void onSubmit(event)}>
        <CardContent>
          <FieldGroup>
            <div className="grid gap-5 sm:grid-cols-2">
              <Field data-invalid={Boolean(errors.firstName)}>
                <FieldLabel htmlFor={ids.firstName}>First Name</FieldLabel>
                <Input
                  id={ids.firstName}
                  autoComplete="given-name"
                  aria-invalid={Boolean(errors.firstName)}
                  aria-describedby={errors.firstName ? `${ids.firstName}-error` : undefined}
                  {...register("firstName")}
                />
                <FieldError id={`${ids.firstName}-error`}>{errors.firstName?.message}</FieldError>
              </Field>
              <Field data-invalid={Boolean(errors.lastName)}>
                <FieldLabel htmlFor={ids.lastName}>Last Name</FieldLabel>
                <Input
                  id={ids.lastName}
                  autoComplete="family-name"
                  aria-invalid={Boolean(errors.lastName)}
                  aria-describedby={errors.lastName ? `${ids.lastName}-error` : undefined}
                  {...register("lastName")}
                />
                <FieldError id={`${ids.lastName}-error`}>{errors.lastName?.message}</FieldError>
              </Field>
            </div>
            <Field>
              <FieldLabel htmlFor={ids.email}>Email</FieldLabel>
              <Input id={ids.email} type="email" value={user.email} disabled readOnly />
              <FieldDescription>Your sign-in address. Ask an administrator to change it.</FieldDescription>
            </Field>
            <LoginMethods />
          </FieldGroup>
        </CardContent>
        <CardFooter className="mt-6 justify-end gap-2 border-t pt-4">
          <Button
            type="button"
            variant="outline"
            disabled={!isDirty || updateUser.isPending}
            onClick={() => reset()}
          >
            Cancel
          </Button>
          <Button type="submit" disabled={!isDirty || updateUser.isPending}>
            {updateUser.isPending ? uiText.saving : "Save"}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
