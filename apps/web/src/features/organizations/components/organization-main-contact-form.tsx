import {
  type Organization,
  organizationMainContactFormSchema,
  type OrganizationMainContactFormValues,
  organizationMessages,
} from "@cm/contracts/organizations";
import { fullName, type User } from "@cm/contracts/users";
import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { Controller, type DefaultValues, useForm } from "react-hook-form";
import { toast } from "@/lib/toast";
import type { z } from "zod";
import { ListLoadError } from "@/components/list-states";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Field, FieldDescription, FieldError, FieldLabel } from "@/components/ui/field";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { useChangeOrganizationMainContact } from "@/features/organizations/api/change-organization-main-contact";
import { useUsers } from "@/lib/api/users/get-users";
import { applyServerFieldErrors } from "@/lib/form-errors";
import { uiText } from "@/lib/ui-text";

type MainContactFormOutput = z.output<typeof organizationMainContactFormSchema>;

const mainContactDefaults = (
  organization: Organization,
): DefaultValues<OrganizationMainContactFormValues> => ({
  // Unset until someone is chosen: the picker then shows its placeholder.
  mainContactUserId: organization.mainContactUserId ?? undefined,
});

function userLabel(user: User): string {
  return `${fullName(user)} (${user.email})`;
}

/**
 * The customer's main contact, chosen among its active users and saved on its own ("Main
 * contact saved"). A current contact who has since been deactivated stays listed, marked, so
 * the picker does not pretend nobody is set.
 */
export function OrganizationMainContactForm({ organization }: { organization: Organization }) {
  const id = useId();
  const users = useUsers();
  const save = useChangeOrganizationMainContact(organization.id);
  const form = useForm<OrganizationMainContactFormValues, unknown, MainContactFormOutput>({
    resolver: zodResolver(organizationMainContactFormSchema),
    defaultValues: mainContactDefaults(organization),
  });
  const { isSubmitting, isDirty } = form.formState;
  const members = (users.data ?? []).filter((user) => user.organizationId === organization.id);
  const candidates = members.filter((user) => user.status === "active");
  const current = members.find((user) => user.id === organization.mainContactUserId);
  const currentIsCandidate = candidates.some((user) => user.id === organization.mainContactUserId);

  const submit = form.handleSubmit(async ({ mainContactUserId }) => {
    try {
      const saved = await save.mutateAsync({ mainContactUserId, expectedRevision: organization._revision });
      form.reset(mainContactDefaults(saved));
      toast.success(organizationMessages.mainContactSaved);
    } catch (error) {
      applyServerFieldErrors(error, form.setError, { accept: (path) => path === "mainContactUserId" });
      toast.error(organizationMessages.mainContactSaveFailed, {
        description: error instanceof Error ? error.message : undefined,
      });
    }
  });

  return (
    <Card role="region" aria-labelledby={`${id}-title`}>
      <form
        noValidate
        aria-label={organizationMessages.mainContactSectionTitle}
        onSubmit={(event) => void submit(event)}
        className="flex flex-col gap-4"
      >
        <CardHeader>
          <CardTitle>
            <h2 id={`${id}-title`} className="text-base">
              {organizationMessages.mainContactSectionTitle}
            </h2>
          </CardTitle>
          <CardDescription>{organizationMessages.mainContactDescription}</CardDescription>
        </CardHeader>
        <CardContent>
          {users.isError ? (
            <ListLoadError
              title={organizationMessages.usersLoadFailed}
              message={users.error.message}
              onRetry={() => void users.refetch()}
            />
          ) : users.isPending ? (
            <Skeleton className="h-9" aria-hidden="true" />
          ) : (
            <Controller
              control={form.control}
              name="mainContactUserId"
              render={({ field, fieldState }) => (
                <Field data-invalid={fieldState.invalid}>
                  <FieldLabel htmlFor={`${id}-contact`}>{organizationMessages.mainContactLabel}</FieldLabel>
                  <Select
                    value={field.value === undefined ? "" : String(field.value)}
                    onValueChange={(value) => field.onChange(Number(value))}
                    disabled={candidates.length === 0 && !current}
                  >
                    <SelectTrigger
                      id={`${id}-contact`}
                      ref={field.ref}
                      onBlur={field.onBlur}
                      aria-invalid={fieldState.invalid}
                      aria-describedby={fieldState.invalid ? `${id}-contact-error` : undefined}
                    >
                      <SelectValue placeholder={organizationMessages.mainContactPlaceholder} />
                    </SelectTrigger>
                    <SelectContent>
                      {current && !currentIsCandidate && (
                        <SelectItem value={String(current.id)} disabled>
                          {organizationMessages.inactiveMainContact(userLabel(current))}
                        </SelectItem>
                      )}
                      {candidates.map((user) => (
                        <SelectItem key={user.id} value={String(user.id)}>
                          {userLabel(user)}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                  {candidates.length === 0 && (
                    <FieldDescription>{organizationMessages.noActiveUsers}</FieldDescription>
                  )}
                  <FieldError id={`${id}-contact-error`}>{fieldState.error?.message}</FieldError>
                </Field>
              )}
            />
          )}
        </CardContent>
        <CardFooter className="justify-end">
          <Button type="submit" disabled={isSubmitting || !isDirty}>
            {isSubmitting ? uiText.saving : organizationMessages.mainContactSave}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
