import { emptyAddressFormValues, organizationAddressTypes } from "@cm/contracts/addresses";
import {
  customerRegistrationInputSchema,
  mainStoreName,
  type CustomerRegistration,
  type CustomerRegistrationInput,
  type CustomerStoreInput,
} from "@cm/contracts/customers";
import { defaultPortalRoleName } from "@cm/contracts/portal";
import type { Role } from "@cm/contracts/roles";
import { fullName, type User } from "@cm/contracts/users";
import { zodResolver } from "@hookform/resolvers/zod";
import { PlusIcon, Trash2Icon } from "lucide-react";
import { useId } from "react";
import {
  Controller,
  FormProvider,
  useFieldArray,
  useForm,
  useFormContext,
  useWatch,
  type UseFormSetError,
} from "react-hook-form";
import { Link } from "react-router";
import { AddressFields } from "@/components/addresses/address-form";
import { BrandFocusFields, type BrandFocusBrand } from "@/components/stores/brand-focus-fields";
import { StoreAddressesFields } from "@/components/stores/store-addresses-fields";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Field, FieldDescription, FieldError, FieldLabel } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Separator } from "@/components/ui/separator";
import { Textarea } from "@/components/ui/textarea";
import { PersonFields } from "@/features/organizations/components/person-fields";
import { uiText } from "@/lib/ui-text";

type WizardValues = CustomerRegistrationInput;

let storeKeySeed = 0;
function newStore(name = ""): CustomerStoreInput {
  storeKeySeed += 1;
  return {
    id: `store-${storeKeySeed}`,
    name,
    description: "",
    addresses: [],
    mainContactUserEmail: "",
    brandFocusType: { storeType: "monobrand", brandSegmentation: [] },
  };
}

const emptyPerson = (roleId: number | undefined) => ({ email: "", firstName: "", lastName: "", roleId });

function wizardDefaults(defaultRoleId: number | undefined): WizardValues {
  return {
    organization: { name: "", type: "external", address: { type: "physical", ...emptyAddressFormValues } },
    organizationMainContact: emptyPerson(defaultRoleId),
    // SPEC.md section 5: the first store is "Main Store" by default.
    stores: [newStore(mainStoreName)],
    users: [],
  };
}

/** SPEC.md section 5: Create stays disabled while a required name is still empty. */
function missingRequiredName(values: WizardValues): boolean {
  return (
    !values.organization?.name?.trim() ||
    (values.stores ?? []).some((store) => !store.name?.trim()) ||
    (values.users ?? []).some((user) => !user.firstName?.trim())
  );
}

function SectionHeader({ title, description, id }: { title: string; description: string; id: string }) {
  return (
    <CardHeader>
      <CardTitle>
        <h2 id={id} className="text-base">
          {title}
        </h2>
      </CardTitle>
      <CardDescription>{description}</CardDescription>
    </CardHeader>
  );
}

function TextField({
  name,
  label,
  optional,
  multiline,
  placeholder,
}: {
  name: string;
  label: string;
  optional?: boolean;
  multiline?: boolean;
  placeholder?: string;
}) {
  const id = useId();
  const { control } = useFormContext<WizardValues>();
  return (
    <Controller
      control={control}
      name={name as "organization.name"}
      render={({ field, fieldState }) => {
        const props = {
          id,
          name: field.name,
          value: (field.value as string | undefined) ?? "",
          onChange: field.onChange,
          onBlur: field.onBlur,
          placeholder,
          "aria-invalid": fieldState.invalid,
          "aria-describedby": fieldState.invalid ? `${id}-error` : undefined,
        };
        return (
          <Field data-invalid={fieldState.invalid}>
            <FieldLabel htmlFor={id}>
              {label}
              {optional && <span className="font-normal text-muted-foreground">(optional)</span>}
            </FieldLabel>
            {multiline ? (
              <Textarea ref={field.ref} rows={2} {...props} />
            ) : (
              <Input ref={field.ref} autoComplete="off" {...props} />
            )}
            <FieldError id={`${id}-error`}>{fieldState.error?.message}</FieldError>
          </Field>
        );
      }}
    />
  );
}

/** The store's main contact: one of the people of the Users section, the main contact by default. */
function StoreContactField({ name }: { name: string }) {
  const id = useId();
  const { control } = useFormContext<WizardValues>();
  const mainContact = useWatch({ control, name: "organizationMainContact" });
  const users = useWatch({ control, name: "users" }) ?? [];
  const people = [mainContact, ...users].filter((person) => person?.email?.trim());
  return (
    <Controller
      control={control}
      name={name as "stores.0.mainContactUserEmail"}
      render={({ field, fieldState }) => (
        <Field data-invalid={fieldState.invalid}>
          <FieldLabel htmlFor={id}>Store contact</FieldLabel>
          <Select
            value={field.value || "main-contact"}
            onValueChange={(value) => field.onChange(value === "main-contact" ? "" : value)}
          >
            <SelectTrigger
              id={id}
              aria-invalid={fieldState.invalid}
              aria-describedby={fieldState.invalid ? `${id}-error` : undefined}
            >
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="main-contact">The main contact</SelectItem>
              {people.slice(1).map((person) => (
                <SelectItem key={person.email} value={person.email.trim()}>
                  {person.firstName || person.lastName
                    ? `${fullName(person)} (${person.email})`
                    : person.email}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <FieldError id={`${id}-error`}>{fieldState.error?.message}</FieldError>
        </Field>
      )}
    />
  );
}

function StoreCard({
  index,
  brands,
  brandsLoading,
  onRemove,
}: {
  index: number;
  brands: readonly BrandFocusBrand[];
  brandsLoading: boolean;
  onRemove?: () => void;
}) {
  const { control } = useFormContext<WizardValues>();
  const organizationAddress = useWatch({ control, name: "organization.address" });
  const storeName = useWatch({ control, name: `stores.${index}.name` });
  const title = storeName?.trim() || `Store ${index + 1}`;
  const base = `stores.${index}`;
  return (
    <section aria-label={`Store ${index + 1}`} className="flex flex-col gap-5 rounded-lg border p-4">
      <div className="flex items-center justify-between gap-2">
        <h3 className="flex items-center gap-2 font-medium">
          {title}
          {index === 0 && <Badge variant="secondary">Main</Badge>}
        </h3>
        {onRemove && (
          <Button variant="ghost" size="sm" className="text-destructive" onClick={onRemove}>
            <Trash2Icon aria-hidden="true" />
            Remove store
          </Button>
        )}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField name={`${base}.name`} label="Store name" />
        <StoreContactField name={`${base}.mainContactUserEmail`} />
        <div className="sm:col-span-2">
          <TextField name={`${base}.description`} label="Description" optional multiline />
        </div>
      </div>
      <StoreAddressesFields name={`${base}.addresses`} organizationAddress={organizationAddress} />
      <BrandFocusFields name={`${base}.brandFocusType`} brands={brands} loading={brandsLoading} />
    </section>
  );
}

export interface CustomerWizardProps {
  brands: readonly BrandFocusBrand[];
  brandsLoading: boolean;
  existingUsers: readonly User[];
  /** The roles a customer user may hold: the active external (portal) roles, never a staff one. */
  roles: readonly Role[];
  /** The role new users start with (Buyer). */
  defaultRoleId: number | undefined;
  cancelHref: string;
  /** Registers the customer; a rejection leaves the form as it is, with the server's field errors marked. */
  onSubmit: (values: CustomerRegistration, setError: UseFormSetError<WizardValues>) => Promise<void>;
}

/** The New Customer form: sections Organization, Stores and Users, sent in one request. */
export function CustomerWizard({
  brands,
  brandsLoading,
  existingUsers,
  roles,
  defaultRoleId,
  cancelHref,
  onSubmit,
}: CustomerWizardProps) {
  const form = useForm<WizardValues, unknown, CustomerRegistration>({
    resolver: zodResolver(customerRegistrationInputSchema),
    // Checked on submit, then as the user fixes: adding an address or a store must not flag
    // its empty fields before the user had a chance to fill them.
    mode: "onSubmit",
    defaultValues: wizardDefaults(defaultRoleId),
  });
  const { control, handleSubmit, formState } = form;
  const stores = useFieldArray({ control, name: "stores", keyName: "key" });
  const users = useFieldArray({ control, name: "users", keyName: "key" });
  const values = useWatch({ control }) as WizardValues;
  const createDisabled = formState.isSubmitting || missingRequiredName(values);

  const submit = handleSubmit((registration) => onSubmit(registration, form.setError));

  return (
    <FormProvider {...form}>
      <form
        noValidate
        aria-label="New customer"
        onSubmit={(event) => void submit(event)}
        className="flex flex-col gap-6"
      >
        <Card role="region" aria-labelledby="organization-section">
          <SectionHeader
            id="organization-section"
            title="Organization"
            description="The customer's company and its address."
          />
          <CardContent className="flex flex-col gap-5">
            <TextField name="organization.name" label="Organization name" />
            <AddressFields
              name="organization.address"
              legend="Organization address"
              typeOptions={organizationAddressTypes}
            />
          </CardContent>
        </Card>

        <Card role="region" aria-labelledby="stores-section">
          <SectionHeader
            id="stores-section"
            title="Stores"
            description="Each store with its billing and shipping addresses and the brands it sells."
          />
          <CardContent className="flex flex-col gap-4">
            {stores.fields.map((store, index) => (
              <StoreCard
                key={store.key}
                index={index}
                brands={brands}
                brandsLoading={brandsLoading}
                // SPEC.md section 5: the first store cannot be removed.
                onRemove={index === 0 ? undefined : () => stores.remove(index)}
              />
            ))}
            <Button variant="outline" className="self-start" onClick={() => stores.append(newStore())}>
              <PlusIcon aria-hidden="true" />
              Add store
            </Button>
          </CardContent>
        </Card>

        <Card role="region" aria-labelledby="users-section">
          <SectionHeader
            id="users-section"
            title="Users"
            description={`The main contact and the other people of the customer. New users get the ${defaultPortalRoleName} role unless you choose another.`}
          />
          <CardContent className="flex flex-col gap-5">
            <section aria-label="Main contact" className="flex flex-col gap-3">
              <h3 className="font-medium">Main contact</h3>
              <PersonFields
                name="organizationMainContact"
                existingUsers={existingUsers}
                roles={roles}
                label="Main contact"
              />
            </section>
            {users.fields.map((user, index) => (
              <div key={user.key} className="flex flex-col gap-5">
                <Separator />
                <section aria-label={`User ${index + 1}`} className="flex flex-col gap-3">
                  <div className="flex items-center justify-between gap-2">
                    <h3 className="font-medium">User {index + 1}</h3>
                    <Button
                      variant="ghost"
                      size="sm"
                      className="text-destructive"
                      onClick={() => users.remove(index)}
                    >
                      <Trash2Icon aria-hidden="true" />
                      Remove user
                    </Button>
                  </div>
                  <PersonFields
                    name={`users.${index}`}
                    existingUsers={existingUsers}
                    roles={roles}
                    label={`User ${index + 1}`}
                  />
                </section>
              </div>
            ))}
            <Button
              variant="outline"
              className="self-start"
              onClick={() => users.append(emptyPerson(defaultRoleId))}
            >
              <PlusIcon aria-hidden="true" />
              Add user
            </Button>
          </CardContent>
        </Card>

        <div className="flex flex-col-reverse gap-2 border-t pt-4 sm:flex-row sm:items-center sm:justify-end">
          {createDisabled && !formState.isSubmitting && (
            <FieldDescription className="sm:mr-auto">
              Name the organization, every store and every user to create the customer.
            </FieldDescription>
          )}
          <Button variant="outline" asChild>
            <Link to={cancelHref}>Cancel</Link>
          </Button>
          <Button type="submit" disabled={createDisabled}>
            {formState.isSubmitting ? uiText.creating : "Create"}
          </Button>
        </div>
        <p className="sr-only" aria-live="polite">
          {formState.isSubmitting ? "Creating the customer" : ""}
        </p>
      </form>
    </FormProvider>
  );
}
