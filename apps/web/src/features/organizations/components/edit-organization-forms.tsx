import { emptyAddressFormValues, organizationAddressTypes } from "@cm/contracts/addresses";
import {
  organizationMessages,
  organizationNameFormSchema,
  organizationLimits,
  updateOrganizationAddressInputSchema,
  updateOrganizationDiscountsInputSchema,
  type Organization,
  type OrganizationNameFormValues,
  type UpdateOrganizationAddressInput,
} from "@cm/contracts/organizations";
import { zodResolver } from "@hookform/resolvers/zod";
import { PlusIcon, Trash2Icon } from "lucide-react";
import { useId } from "react";
import {
  Controller,
  FormProvider,
  type UseFormReturn,
  useFieldArray,
  useForm,
  useWatch,
} from "react-hook-form";
import { toast } from "@/lib/toast";
import type { z } from "zod";
import { AddressFields } from "@/components/addresses/address-form";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { ListLoadError } from "@/components/list-states";
import { Field, FieldDescription, FieldError, FieldLabel } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { useUpdateOrganizationAddress } from "@/features/organizations/api/update-organization-address";
import { useUpdateOrganizationDiscounts } from "@/features/organizations/api/update-organization-discounts";
import { useUpdateOrganizationName } from "@/features/organizations/api/update-organization-name";
import { type BrandOption, useBrandOptions } from "@/lib/api/brands/get-brand-options";
import { applyServerFieldErrors } from "@/lib/form-errors";
import { cn } from "@/lib/utils";
import { uiText } from "@/lib/ui-text";

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
            {isSubmitting ? uiText.saving : "Save name"}
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
              {isSubmitting ? uiText.saving : "Save address"}
            </Button>
          </CardFooter>
        </form>
      </FormProvider>
    </Card>
  );
}

// Texts the spec leaves open; like nameSaved and addressSaved they belong in organizationMessages.
const discountMessages = {
  saved: "Discounts saved",
  saveFailed: "Failed to save discounts",
  none: "No discounts: this customer pays the wholesale price of every brand.",
  everyBrand: "Every brand has a discount.",
  brandsLoadFailed: "The brands could not be loaded",
} as const;

const discountsFormSchema = updateOrganizationDiscountsInputSchema.pick({ discounts: true });
type DiscountsFormValues = z.input<typeof discountsFormSchema>;
type DiscountsFormOutput = z.output<typeof discountsFormSchema>;

const discountsDefaults = (organization: Organization): DiscountsFormValues => ({
  discounts: organization.discounts.map(({ brandId, percentage }) => ({ brandId, percentage })),
});

/** Brand, percentage and remove button line up in these columns, header included. */
const discountColumns = "grid grid-cols-[minmax(0,1fr)_7rem_2.25rem] items-start gap-x-2";

/**
 * The customer's per-brand discounts: a brand's unit WHS for this customer is
 * MSRP × the brand's wholesale factor × (1 − the discount). The list is saved as a whole
 * ("Discounts saved"); each brand appears at most once, so a row only offers brands no other
 * row has.
 */
export function OrganizationDiscountsForm({ organization }: { organization: Organization }) {
  const id = useId();
  const brands = useBrandOptions();
  const save = useUpdateOrganizationDiscounts(organization.id);
  const form = useForm<DiscountsFormValues, unknown, DiscountsFormOutput>({
    resolver: zodResolver(discountsFormSchema),
    mode: "onTouched",
    defaultValues: discountsDefaults(organization),
  });
  const { control, formState } = form;
  const { isSubmitting, isDirty, errors } = formState;
  const rows = useFieldArray({ control, name: "discounts" });
  const discounts = useWatch({ control, name: "discounts" });
  const chosen = new Set(discounts.map((discount) => discount.brandId));
  const brandList = brands.data ?? [];
  const nextBrand = brandList.find((brand) => !chosen.has(brand.id));
  const listError = errors.discounts?.message ?? errors.discounts?.root?.message;

  const submit = form.handleSubmit(async ({ discounts: changed }) => {
    try {
      const saved = await save.mutateAsync({ discounts: changed, expectedRevision: organization._revision });
      form.reset(discountsDefaults(saved));
      toast.success(discountMessages.saved);
    } catch (error) {
      applyServerFieldErrors(error, form.setError, { accept: (path) => path.startsWith("discounts") });
      toast.error(discountMessages.saveFailed, { description: failureDescription(error) });
    }
  });

  return (
    <Card role="region" aria-labelledby={`${id}-title`}>
      <form
        noValidate
        aria-label="Organization discounts"
        onSubmit={(event) => void submit(event)}
        className="flex flex-col gap-4"
      >
        <CardHeader>
          <CardTitle>
            <h2 id={`${id}-title`} className="text-base">
              Discounts
            </h2>
          </CardTitle>
          <CardDescription>
            Percent off a brand&apos;s wholesale price for this customer, from{" "}
            {organizationLimits.discountMin} to {organizationLimits.discountMax}. Order lines written from now
            on use it.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          {brands.isError ? (
            <ListLoadError
              title={discountMessages.brandsLoadFailed}
              message={brands.error.message}
              onRetry={() => void brands.refetch()}
            />
          ) : brands.isPending ? (
            <div className="flex flex-col gap-2" aria-hidden="true">
              <Skeleton className="h-9" />
              <Skeleton className="h-9" />
            </div>
          ) : rows.fields.length === 0 ? (
            <p className="text-sm text-muted-foreground">{discountMessages.none}</p>
          ) : (
            <div className="flex flex-col gap-2">
              <div className={cn(discountColumns, "text-sm font-medium")} aria-hidden="true">
                <span>Brand</span>
                <span>Discount</span>
              </div>
              {rows.fields.map((row, index) => (
                <DiscountRow
                  key={row.id}
                  index={index}
                  form={form}
                  brands={brandList}
                  takenBrandIds={chosen}
                  onRemove={() => rows.remove(index)}
                />
              ))}
            </div>
          )}
          <FieldError>{listError}</FieldError>
          <div className="flex flex-wrap items-center gap-3">
            <Button
              type="button"
              variant="outline"
              size="sm"
              disabled={!nextBrand}
              onClick={() => {
                if (!nextBrand) return;
                // The brand is preset, so the percentage is what the user types next.
                rows.append(
                  { brandId: nextBrand.id, percentage: 0 },
                  { focusName: `discounts.${rows.fields.length}.percentage` },
                );
              }}
            >
              <PlusIcon aria-hidden="true" />
              Add discount
            </Button>
            {brands.isSuccess && brandList.length > 0 && !nextBrand && (
              <FieldDescription>{discountMessages.everyBrand}</FieldDescription>
            )}
          </div>
        </CardContent>
        <CardFooter className="justify-end">
          <Button type="submit" disabled={isSubmitting || !isDirty}>
            {isSubmitting ? uiText.saving : "Save discounts"}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}

function DiscountRow({
  index,
  form,
  brands,
  takenBrandIds,
  onRemove,
}: {
  index: number;
  form: UseFormReturn<DiscountsFormValues, unknown, DiscountsFormOutput>;
  brands: readonly BrandOption[];
  takenBrandIds: ReadonlySet<number>;
  onRemove: () => void;
}) {
  const id = useId();
  const brandId = useWatch({ control: form.control, name: `discounts.${index}.brandId` });
  const brand = brands.find((candidate) => candidate.id === brandId);
  // A brand deleted since the discount was given: shown, so the user can see and remove it.
  const brandName = brand?.name ?? `Unknown brand (${brandId})`;
  const options = brands.filter((candidate) => candidate.id === brandId || !takenBrandIds.has(candidate.id));
  const rowErrors = form.formState.errors.discounts?.[index];
  const brandError = rowErrors?.brandId?.message;
  const percentageError = rowErrors?.percentage?.message;
  const brandErrorId = `${id}-brand-error`;
  const percentageErrorId = `${id}-percentage-error`;

  return (
    // Errors go under the whole row: the percentage column is too narrow for a sentence.
    <div role="group" aria-label={`Discount for ${brandName}`} className="flex flex-col gap-1">
      <div className={discountColumns}>
        <Label htmlFor={`${id}-brand`} className="sr-only">
          Brand
        </Label>
        <Controller
          control={form.control}
          name={`discounts.${index}.brandId`}
          render={({ field }) => (
            <Select value={String(field.value)} onValueChange={(value) => field.onChange(Number(value))}>
              <SelectTrigger
                id={`${id}-brand`}
                ref={field.ref}
                onBlur={field.onBlur}
                aria-invalid={Boolean(brandError)}
                aria-describedby={brandError ? brandErrorId : undefined}
              >
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {!brand && <SelectItem value={String(brandId)}>{brandName}</SelectItem>}
                {options.map((option) => (
                  <SelectItem key={option.id} value={String(option.id)}>
                    {option.name}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
        <div className="relative">
          <Label htmlFor={`${id}-percentage`} className="sr-only">
            Discount percentage
          </Label>
          <Input
            id={`${id}-percentage`}
            type="number"
            inputMode="decimal"
            min={organizationLimits.discountMin}
            max={organizationLimits.discountMax}
            step="any"
            className="pr-7 text-right tabular-nums"
            aria-invalid={Boolean(percentageError)}
            aria-describedby={percentageError ? percentageErrorId : undefined}
            {...form.register(`discounts.${index}.percentage`, { valueAsNumber: true })}
            // Typing replaces the 0 a new row starts with.
            onFocus={(event) => event.currentTarget.select()}
          />
          <span
            aria-hidden="true"
            className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-sm text-muted-foreground"
          >
            %
          </span>
        </div>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className="text-destructive hover:bg-destructive/10 hover:text-destructive"
          aria-label={`Remove discount for ${brandName}`}
          onClick={onRemove}
        >
          <Trash2Icon aria-hidden="true" />
        </Button>
      </div>
      <FieldError id={brandErrorId}>{brandError}</FieldError>
      <FieldError id={percentageErrorId}>{percentageError}</FieldError>
    </div>
  );
}
