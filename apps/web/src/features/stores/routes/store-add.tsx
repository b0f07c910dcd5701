import { type CreateStoreInput, createStoreInputSchema, storeMessages } from "@cm/contracts/stores";
import { zodResolver } from "@hookform/resolvers/zod";
import { ArrowLeftIcon } from "lucide-react";
import { useId } from "react";
import { Controller, FormProvider, useForm, useWatch } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import { toast } from "@/lib/toast";
import type { z } from "zod";
import { BrandFocusFields } from "@/components/stores/brand-focus-fields";
import { Combobox } from "@/components/combobox";
import { StoreAddressesFields } from "@/components/stores/store-addresses-fields";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Field, FieldDescription, FieldError, FieldLabel } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { paths } from "@/config/paths";
import { useCreateStore } from "@/features/stores/api/create-store";
import { StoreMainContactSelect } from "@/features/stores/components/store-main-contact-select";
import { useBrandOptions } from "@/lib/api/brands/get-brand-options";
import { useOrganization } from "@/lib/api/organizations/get-organization";
import { useOrganizations } from "@/lib/api/organizations/get-organizations";
import { useUsers } from "@/lib/api/users/get-users";
import { applyServerFieldErrors } from "@/lib/form-errors";
import { uiText } from "@/lib/ui-text";

type StoreFormOutput = z.output<typeof createStoreInputSchema>;

/** `/home/stores/add`: "New Store - Create a new store linked to an organization". */
export default function StoreAddRoute() {
  const id = useId();
  const navigate = useNavigate();
  const listHref = paths.home.stores.list.getHref();
  const organizations = useOrganizations();
  const users = useUsers();
  const brands = useBrandOptions();
  const createStore = useCreateStore();

  const form = useForm<CreateStoreInput, unknown, StoreFormOutput>({
    resolver: zodResolver(createStoreInputSchema),
    // Checked on submit, then as the user fixes: adding an address or a store must not flag
    // its empty fields before the user had a chance to fill them.
    mode: "onSubmit",
    defaultValues: {
      name: "",
      description: "",
      addresses: [],
      mainContactUserId: null,
      brandFocusType: { storeType: "monobrand", brandSegmentation: [] },
    },
  });
  const { control, formState, register, setValue } = form;
  const organizationId = useWatch({ control, name: "organizationId" });
  const organization = useOrganization(organizationId);
  const customers = (organizations.data ?? []).filter((candidate) => candidate.type === "external");
  const members = (users.data ?? []).filter((user) => user.organizationId === organizationId);

  const submit = form.handleSubmit(async (input) => {
    try {
      await createStore.mutateAsync(input);
      toast.success(storeMessages.created);
      await navigate(listHref);
    } catch (error) {
      applyServerFieldErrors(error, form.setError);
      toast.error(storeMessages.createFailed, {
        description: error instanceof Error ? error.message : undefined,
      });
    }
  });

  return (
    <section aria-labelledby="page-title" className="flex max-w-3xl flex-col gap-6">
      <title>New Store · Catalog Manager</title>
      <div className="flex flex-col gap-3">
        <Button variant="ghost" size="sm" className="-ml-2 self-start" asChild>
          <Link to={listHref}>
            <ArrowLeftIcon aria-hidden="true" />
            Back
          </Link>
        </Button>
        <div className="flex flex-col gap-1">
          <h1 id="page-title" className="text-2xl font-semibold tracking-tight">
            New Store
          </h1>
          <p className="text-muted-foreground">Create a new store linked to an organization</p>
        </div>
      </div>

      <FormProvider {...form}>
        <form
          noValidate
          aria-label="New store"
          onSubmit={(event) => void submit(event)}
          className="flex flex-col gap-6"
        >
          <Card>
            <CardContent className="flex flex-col gap-5">
              <Controller
                control={control}
                name="organizationId"
                render={({ field, fieldState }) => (
                  <Field data-invalid={fieldState.invalid}>
                    <FieldLabel htmlFor={`${id}-organization`}>Organization</FieldLabel>
                    <Combobox
                      id={`${id}-organization`}
                      options={customers.map((customer) => ({
                        value: String(customer.id),
                        label: customer.name,
                      }))}
                      value={field.value === undefined ? undefined : String(field.value)}
                      onValueChange={(value) => {
                        field.onChange(Number(value));
                        // The contact belongs to the organization, so a new organization clears it.
                        setValue("mainContactUserId", null);
                      }}
                      onBlur={field.onBlur}
                      disabled={organizations.isPending}
                      placeholder={
                        organizations.isPending ? "Loading organizations..." : "Choose an organization"
                      }
                      searchPlaceholder="Search organizations"
                      aria-invalid={fieldState.invalid}
                      aria-describedby={fieldState.invalid ? `${id}-organization-error` : undefined}
                    />
                    <FieldError id={`${id}-organization-error`}>{fieldState.error?.message}</FieldError>
                  </Field>
                )}
              />
              <div className="grid gap-5 sm:grid-cols-2">
                <Field data-invalid={Boolean(formState.errors.name)}>
                  <FieldLabel htmlFor={`${id}-name`}>Store name</FieldLabel>
                  <Input
                    id={`${id}-name`}
                    autoComplete="off"
                    aria-invalid={Boolean(formState.errors.name)}
                    aria-describedby={formState.errors.name ? `${id}-name-error` : undefined}
                    {...register("name")}
                  />
                  <FieldError id={`${id}-name-error`}>{formState.errors.name?.message}</FieldError>
                </Field>
                <Controller
                  control={control}
                  name="mainContactUserId"
                  render={({ field, fieldState }) => (
                    <Field data-invalid={fieldState.invalid}>
                      <FieldLabel htmlFor={`${id}-contact`}>Main contact</FieldLabel>
                      <StoreMainContactSelect
                        id={`${id}-contact`}
                        users={members}
                        value={field.value}
                        onChange={field.onChange}
                        onBlur={field.onBlur}
                        disabled={organizationId === undefined}
                        invalid={fieldState.invalid}
                        describedBy={fieldState.invalid ? `${id}-contact-error` : undefined}
                      />
                      <FieldError id={`${id}-contact-error`}>{fieldState.error?.message}</FieldError>
                    </Field>
                  )}
                />
              </div>
              <Field data-invalid={Boolean(formState.errors.description)}>
                <FieldLabel htmlFor={`${id}-description`}>
                  Description <span className="font-normal text-muted-foreground">(optional)</span>
                </FieldLabel>
                <Textarea
                  id={`${id}-description`}
                  rows={2}
                  aria-invalid={Boolean(formState.errors.description)}
                  aria-describedby={formState.errors.description ? `${id}-description-error` : undefined}
                  {...register("description")}
                />
                <FieldError id={`${id}-description-error`}>
                  {formState.errors.description?.message}
                </FieldError>
              </Field>
            </CardContent>
          </Card>
          <Card>
            <CardContent className="flex flex-col gap-5">
              <StoreAddressesFields
                name="addresses"
                organizationAddress={
                  organizationId === undefined ? null : (organization.data?.address ?? null)
                }
              />
              {organizationId === undefined && (
                <FieldDescription>Choose the organization to copy its address.</FieldDescription>
              )}
            </CardContent>
          </Card>
          <Card>
            <CardContent>
              <BrandFocusFields name="brandFocusType" brands={brands.data ?? []} loading={brands.isPending} />
            </CardContent>
          </Card>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" asChild>
              <Link to={listHref}>Cancel</Link>
            </Button>
            <Button type="submit" disabled={formState.isSubmitting}>
              {formState.isSubmitting ? uiText.creating : "Create Store"}
            </Button>
          </div>
        </form>
      </FormProvider>
    </section>
  );
}
