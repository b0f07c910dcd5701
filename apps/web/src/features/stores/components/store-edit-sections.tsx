import { type AddressInput, type AddressOutput } from "@cm/contracts/addresses";
import {
  replaceStoreAddressesInputSchema,
  storeMessages,
  updateStoreBasicInfoInputSchema,
  updateStoreBrandFocusTypeInputSchema,
  type ReplaceStoreAddressesInput,
  type Store,
  type UpdateStoreBasicInfoInput,
  type UpdateStoreBrandFocusTypeInput,
} from "@cm/contracts/stores";
import type { User } from "@cm/contracts/users";
import { zodResolver } from "@hookform/resolvers/zod";
import { PowerIcon, PowerOffIcon } from "lucide-react";
import { useEffect, useId, useState } from "react";
import type * as React from "react";
import { Controller, FormProvider, useForm } from "react-hook-form";
import { toast } from "@/lib/toast";
import type { z } from "zod";
import type { FallbackAddress } from "@/components/addresses/address-form";
import { BrandFocusFields, type BrandFocusBrand } from "@/components/stores/brand-focus-fields";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { StatusBadge } from "@/components/status-badge";
import { Badge } from "@/components/ui/badge";
import { StoreAddressesFields } from "@/components/stores/store-addresses-fields";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Field, FieldError, FieldLabel } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { useReplaceStoreAddresses } from "@/features/stores/api/replace-store-addresses";
import { useUpdateStoreBasicInfo } from "@/features/stores/api/update-store-basic-info";
import { useUpdateStoreBrandFocusType } from "@/features/stores/api/update-store-brand-focus-type";
import { useUpdateStoreStatus } from "@/features/stores/api/update-store-status";
import { StoreMainContactSelect } from "@/features/stores/components/store-main-contact-select";
import type {
  StoreEditFormSection,
  UnsavedChangeHandler,
} from "@/features/stores/utils/store-edit-form-sections";
import { applyServerFieldErrors } from "@/lib/form-errors";
import { uiText } from "@/lib/ui-text";

function failureDescription(error: unknown): string | undefined {
  return error instanceof Error ? error.message : undefined;
}

function useReportUnsaved(
  section: StoreEditFormSection,
  unsaved: boolean,
  onUnsavedChange: UnsavedChangeHandler | undefined,
) {
  useEffect(() => {
    onUnsavedChange?.(section, unsaved);
    return () => onUnsavedChange?.(section, false);
  }, [section, unsaved, onUnsavedChange]);
}

function Section({
  title,
  description,
  children,
  footer,
  unsaved = false,
}: {
  title: string;
  description: string;
  children: React.ReactNode;
  footer?: React.ReactNode;
  /** Its fields hold changes its Save button has not saved. */
  unsaved?: boolean;
}) {
  const id = useId();
  return (
    <Card role="region" aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          <h2 id={`${id}-title`} className="text-base">
            {title}
          </h2>
          {unsaved && (
            <Badge variant="warning" className="font-normal">
              {storeMessages.unsavedChanges}
            </Badge>
          )}
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">{children}</CardContent>
      {footer && <CardFooter className="justify-end gap-2">{footer}</CardFooter>}
    </Card>
  );
}

type BasicInfoOutput = z.output<typeof updateStoreBasicInfoInputSchema>;

const basicInfoDefaults = (store: Store): UpdateStoreBasicInfoInput => ({
  newName: store.name,
  newDescription: store.description ?? "",
  newMainContactUserId: store.mainContactUserId,
});

/** Name, description and main contact ("Store basic info updated successfully."). */
export function StoreBasicInfoSection({
  store,
  members,
  onUnsavedChange,
}: {
  store: Store;
  members: readonly User[];
  onUnsavedChange?: UnsavedChangeHandler;
}) {
  const id = useId();
  const save = useUpdateStoreBasicInfo(store.id);
  const form = useForm<UpdateStoreBasicInfoInput, unknown, BasicInfoOutput>({
    resolver: zodResolver(updateStoreBasicInfoInputSchema),
    mode: "onTouched",
    defaultValues: basicInfoDefaults(store),
  });
  const { errors, isSubmitting, isDirty } = form.formState;
  useReportUnsaved("Basic info", isDirty, onUnsavedChange);

  const submit = form.handleSubmit(async (changes) => {
    try {
      const saved = await save.mutateAsync({
        ...changes,
        newDescription: changes.newDescription?.trim() ? changes.newDescription : null,
        expectedRevision: store._revision,
      });
      form.reset(basicInfoDefaults(saved));
      toast.success(storeMessages.basicInfoUpdated);
    } catch (error) {
      applyServerFieldErrors(error, form.setError);
      toast.error(storeMessages.basicInfoUpdateFailed, { description: failureDescription(error) });
    }
  });

  return (
    <form noValidate aria-label="Basic info" onSubmit={(event) => void submit(event)}>
      <Section
        title="Basic info"
        unsaved={isDirty}
        description="The store's name, description and main contact."
        footer={
          <Button type="submit" disabled={isSubmitting || !isDirty}>
            {isSubmitting ? uiText.saving : "Save basic info"}
          </Button>
        }
      >
        <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
          <Field data-invalid={Boolean(errors.newName)}>
            <FieldLabel htmlFor={`${id}-name`}>Store name</FieldLabel>
            <Input
              id={`${id}-name`}
              autoComplete="off"
              aria-invalid={Boolean(errors.newName)}
              aria-describedby={errors.newName ? `${id}-name-error` : undefined}
              {...form.register("newName")}
            />
            <FieldError id={`${id}-name-error`}>{errors.newName?.message}</FieldError>
          </Field>
          <Controller
            control={form.control}
            name="newMainContactUserId"
            render={({ field, fieldState }) => (
              <Field data-invalid={fieldState.invalid}>
                <FieldLabel htmlFor={`${id}-contact`}>Main contact</FieldLabel>
                <StoreMainContactSelect
                  id={`${id}-contact`}
                  users={members}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  invalid={fieldState.invalid}
                  describedBy={fieldState.invalid ? `${id}-contact-error` : undefined}
                />
                <FieldError id={`${id}-contact-error`}>{fieldState.error?.message}</FieldError>
              </Field>
            )}
          />
        </div>
        <Field data-invalid={Boolean(errors.newDescription)}>
          <FieldLabel htmlFor={`${id}-description`}>
            Description <span className="font-normal text-muted-foreground">(optional)</span>
          </FieldLabel>
          <Textarea
            id={`${id}-description`}
            rows={2}
            aria-invalid={Boolean(errors.newDescription)}
            aria-describedby={errors.newDescription ? `${id}-description-error` : undefined}
            {...form.register("newDescription")}
          />
          <FieldError id={`${id}-description-error`}>{errors.newDescription?.message}</FieldError>
        </Field>
      </Section>
    </form>
  );
}

/** An address as the address form edits it: optional fields as "" rather than absent. */
function toFormAddress(address: AddressOutput): AddressInput {
  return { ...address, line2: address.line2 ?? "", postalCode: address.postalCode ?? "" };
}

type AddressesOutput = z.output<typeof replaceStoreAddressesInputSchema>;

const addressesDefaults = (store: Store): ReplaceStoreAddressesInput => ({
  addresses: store.addresses.map(toFormAddress),
});

/** Billing and shipping addresses ("Store addresses updated successfully."). */
export function StoreAddressesSection({
  store,
  organizationAddress,
  onUnsavedChange,
}: {
  store: Store;
  organizationAddress: FallbackAddress;
  onUnsavedChange?: UnsavedChangeHandler;
}) {
  const save = useReplaceStoreAddresses(store.id);
  const form = useForm<ReplaceStoreAddressesInput, unknown, AddressesOutput>({
    resolver: zodResolver(replaceStoreAddressesInputSchema),
    // Checked on submit, then as the user fixes: adding an address or a store must not flag
    // its empty fields before the user had a chance to fill them.
    mode: "onSubmit",
    defaultValues: addressesDefaults(store),
  });
  const { isSubmitting, isDirty } = form.formState;
  useReportUnsaved("Addresses", isDirty, onUnsavedChange);

  const submit = form.handleSubmit(async ({ addresses }) => {
    try {
      const saved = await save.mutateAsync({ addresses, expectedRevision: store._revision });
      form.reset(addressesDefaults(saved));
      toast.success(storeMessages.addressesUpdated);
    } catch (error) {
      applyServerFieldErrors(error, form.setError);
      toast.error(storeMessages.addressesUpdateFailed, { description: failureDescription(error) });
    }
  });

  return (
    <FormProvider {...form}>
      <form noValidate aria-label="Addresses" onSubmit={(event) => void submit(event)}>
        <Section
          title="Addresses"
          unsaved={isDirty}
          description="At most one billing and one shipping address, both optional."
          footer={
            <Button type="submit" disabled={isSubmitting || !isDirty}>
              {isSubmitting ? uiText.saving : "Save addresses"}
            </Button>
          }
        >
          <StoreAddressesFields name="addresses" organizationAddress={organizationAddress} hideHeading />
        </Section>
      </form>
    </FormProvider>
  );
}

type BrandFocusOutput = z.output<typeof updateStoreBrandFocusTypeInputSchema>;

const brandFocusDefaults = (store: Store): UpdateStoreBrandFocusTypeInput => ({
  newBrandFocusType: store.brandFocusType,
});

/** The brands the store sells and their segmentation. */
export function StoreBrandFocusSection({
  store,
  brands,
  brandsLoading,
  onUnsavedChange,
}: {
  store: Store;
  brands: readonly BrandFocusBrand[];
  brandsLoading: boolean;
  onUnsavedChange?: UnsavedChangeHandler;
}) {
  const save = useUpdateStoreBrandFocusType(store.id);
  const form = useForm<UpdateStoreBrandFocusTypeInput, unknown, BrandFocusOutput>({
    resolver: zodResolver(updateStoreBrandFocusTypeInputSchema),
    mode: "onTouched",
    defaultValues: brandFocusDefaults(store),
  });
  const { isSubmitting, isDirty } = form.formState;
  useReportUnsaved("Brand focus", isDirty, onUnsavedChange);

  const submit = form.handleSubmit(async ({ newBrandFocusType }) => {
    try {
      const saved = await save.mutateAsync({ newBrandFocusType, expectedRevision: store._revision });
      form.reset(brandFocusDefaults(saved));
      toast.success(storeMessages.brandFocusUpdated);
    } catch (error) {
      applyServerFieldErrors(error, form.setError);
      toast.error(storeMessages.brandFocusUpdateFailed, { description: failureDescription(error) });
    }
  });

  return (
    <FormProvider {...form}>
      <form noValidate aria-label="Brand focus" onSubmit={(event) => void submit(event)}>
        <Section
          title="Brand focus"
          unsaved={isDirty}
          description="One brand makes a monobrand store, more make it multibrand."
          footer={
            <Button type="submit" disabled={isSubmitting || !isDirty}>
              {isSubmitting ? uiText.saving : "Save brand focus"}
            </Button>
          }
        >
          <BrandFocusFields name="newBrandFocusType" brands={brands} loading={brandsLoading} hideHeading />
        </Section>
      </form>
    </FormProvider>
  );
}

/** Activate or Deactivate Store (SPEC.md section 4); deactivating asks first. */
export function StoreStatusSection({ store }: { store: Store }) {
  const save = useUpdateStoreStatus(store.id);
  const [confirming, setConfirming] = useState(false);
  const active = store.status === "active";

  async function change() {
    try {
      await save.mutateAsync({
        newStatus: active ? "inactive" : "active",
        expectedRevision: store._revision,
      });
      toast.success(storeMessages.statusUpdated);
    } catch (error) {
      toast.error(storeMessages.statusUpdateFailed, { description: failureDescription(error) });
    } finally {
      setConfirming(false);
    }
  }

  return (
    <Section
      title={active ? "Deactivate Store" : "Activate Store"}
      description={
        active
          ? "An inactive store keeps its history but no longer orders."
          : "The store is inactive. Activate it to let it order again."
      }
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="flex items-center gap-2 text-sm">
          Status <StatusBadge status={store.status} />
        </p>
        {active ? (
          <Button variant="destructive" onClick={() => setConfirming(true)} disabled={save.isPending}>
            <PowerOffIcon aria-hidden="true" />
            Deactivate Store
          </Button>
        ) : (
          <Button onClick={() => void change()} disabled={save.isPending}>
            <PowerIcon aria-hidden="true" />
            {save.isPending ? "Activating..." : "Activate Store"}
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Deactivate ${store.name}?`}
        description="The store stays with its organization and can be activated again at any time."
        confirmLabel="Deactivate Store"
        pendingLabel="Deactivating..."
        pending={save.isPending}
        destructive
        onConfirm={() => void change()}
      />
    </Section>
  );
}
