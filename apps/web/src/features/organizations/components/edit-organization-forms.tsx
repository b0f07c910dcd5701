import { emptyAddressFormValues, organizationAddressTypes } from "@cm/contracts/addresses";
import {
  organizationMessages,
  organizationNameFormSchema,
  updateOrganizationAddressInputSchema,
  type Organization,
  type OrganizationNameFormValues,
  type UpdateOrganizationAddressInput,
} from "@cm/contracts/organizations";
import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { toast } from "sonner";
import type { z } from "zod";
import { AddressFields } from "@/components/address-form";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Field, FieldError, FieldLabel } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { useUpdateOrganizationAddress } from "@/features/organizations/api/update-organization-address";
import { useUpdateOrganizationName } from "@/features/organizations/api/update-organization-name";
import { applyServerFieldErrors } from "@/lib/form-errors";

function failureDescription(error: unknown): string | undefined {
  return error instanceof Error ? error.message : undefined;
}

/** The organization's name, saved on its own ("Name saved"). */
export function OrganizationNameForm({ organization }: { organization: Organization }) {
  const id = useId();
  const save = useUpdateOrganizationName(organization.id);
  const form = useForm<OrganizationNameFormValues, unknown, z.output<typeof organizationNameFormSchema>>({
    resolver: zodResolver(organizationNameFormSchema),
    mode: "onTouched",
    defaultValues: { name: organization.name },
  });
  const { errors, isSubmitting, isDirty } = form.formState;

  const submit = form.handleSubmit(async ({ name }) => {
    try {
      const saved = await save.mutateAsync({ name, expectedRevision: organization._revision });
      form.reset({ name: saved.name });
      toast.success(organizationMessages.nameSaved);
    } catch (error) {
      applyServerFieldErrors(error, form.setError);
      toast.error(organizationMessages.nameSaveFailed, { description: failureDescription(error) });
    }
  });

  return (
    <Card role="region" aria-labelledby={`${id}-title`}>
      <form
        noValidate
        aria-label="Organization name"
        onSubmit={(event) => void submit(event)}
        className="flex flex-col gap-4"
      >
        <CardHeader>
          <CardTitle>
            <h2 id={`${id}-title`} className="text-base">
              Name
            </h2>
          </CardTitle>
          <CardDescription>How the customer is called everywhere in Catalog Manager.</CardDescription>
        </CardHeader>
        <CardContent>
          <Field data-invalid={Boolean(errors.name)}>
            <FieldLabel htmlFor={`${id}-name`}>Organization name</FieldLabel>
            <Input
              id={`${id}-name`}
              autoComplete="organization"
              aria-invalid={Boolean(errors.name)}
              aria-describedby={errors.name ? `${id}-name-error` : undefined}
              {...form.register("name")}
            />
            <FieldError id={`${id}-name-error`}>{errors.name?.message}</FieldError>
          </Field>
        </CardContent>
        <CardFooter className="justify-end">
          <Button type="submit" disabled={isSubmitting || !isDirty}>
            {isSubmitting ? "Saving..." : "Save name"}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}

type AddressFormValues = UpdateOrganizationAddressInput;
type AddressFormOutput = z.output<typeof updateOrganizationAddressInputSchema>;

function addressDefaults(organization: Organization): AddressFormValues {
  const address = organization.address;
  return {
    address: {
      ...emptyAddressFormValues,
      ...(address && {
        line1: address.line1,
        line2: address.line2 ?? "",
        city: address.city,
        state: address.state,
        postalCode: address.postalCode ?? "",
        country: address.country,
      }),
      type: address && address.type !== "registered_office" ? address.type : "physical",
    },
  };
}

/** The organization's address, saved on its own ("Address saved"). */
export function OrganizationAddressForm({ organization }: { organization: Organization }) {
  const id = useId();
  const save = useUpdateOrganizationAddress(organization.id);
  const form = useForm<AddressFormValues, unknown, AddressFormOutput>({
    resolver: zodResolver(updateOrganizationAddressInputSchema),
    mode: "onTouched",
    defaultValues: addressDefaults(organization),
  });
  const { isSubmitting, isDirty } = form.formState;

  const submit = form.handleSubmit(async ({ address }) => {
    try {
      const saved = await save.mutateAsync({ address, expectedRevision: organization._revision });
      form.reset(addressDefaults(saved));
      toast.success(organizationMessages.addressSaved);
    } catch (error) {
      applyServerFieldErrors(error, form.setError);
      toast.error(organizationMessages.addressSaveFailed, { description: failureDescription(error) });
    }
  });

  return (
    <Card role="region" aria-labelledby={`${id}-title`}>
      <FormProvider {...form}>
        <form
          noValidate
          aria-label="Organization address"
          onSubmit={(event) => void submit(event)}
          className="flex flex-col gap-4"
        >
          <CardHeader>
            <CardTitle>
              <h2 id={`${id}-title`} className="text-base">
                Address
              </h2>
            </CardTitle>
            <CardDescription>Stores can copy it with "Same as Organization Address".</CardDescription>
          </CardHeader>
          <CardContent>
            <AddressFields
              name="address"
              legend="Organization address"
              typeOptions={organizationAddressTypes}
              className="[&>legend]:sr-only"
            />
          </CardContent>
          <CardFooter className="justify-end">
            <Button type="submit" disabled={isSubmitting || !isDirty}>
              {isSubmitting ? "Saving..." : "Save address"}
            </Button>
          </CardFooter>
        </form>
      </FormProvider>
    </Card>
  );
}
