import {
  addressLimits,
  addressTypeLabels,
  countryOptions,
  type AddressType,
  type AddressFormValues,
} from "@cm/contracts/addresses";
import { useEffect, useId, useState } from "react";
import { Controller, useFormContext, useWatch } from "react-hook-form";
import { Combobox, type ComboboxOption } from "@/components/combobox";
import { Checkbox } from "@/components/ui/checkbox";
import { Field, FieldError, FieldLabel } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { cn } from "@/lib/utils";

const countryComboboxOptions: ComboboxOption[] = countryOptions.map((country) => ({
  value: country.code,
  label: `${country.name} (${country.code})`,
  keywords: [country.name, country.code],
}));

const textFields = ["line1", "line2", "city", "state", "postalCode"] as const;
const copiedFields = [...textFields, "country"] as const;

/** The fields of an address a fallback may fill in. */
export type FallbackAddress =
  Partial<Pick<AddressFormValues, (typeof copiedFields)[number]>> | null | undefined;

function hasAddress(address: FallbackAddress): address is Partial<AddressFormValues> {
  return Boolean(address && (address.line1 || address.city || address.country));
}

export interface AddressFieldsProps {
  /** Where the address lives in the surrounding form, e.g. "organization.address" or "addresses.0". */
  name: string;
  /** Shown as the group's title, e.g. "Billing address". */
  legend?: string;
  /** When given, the user picks the address type among these. */
  typeOptions?: readonly AddressType[];
  /** Enables "Same as Organization Address", which copies this address into the fields. */
  fallbackAddress?: FallbackAddress;
  fallbackLabel?: string;
  className?: string;
}

/**
 * The reusable address form (SPEC.md section 5, "Address form"): line 1, city, state and a
 * country from the list are required; line 2 and a postal code (checked by the country's rule,
 * the contract's `postalCodeRules`) are optional and sent as absent when empty (the contract's
 * schema does that). It lives inside the caller's react-hook-form (`FormProvider`), whose
 * resolver holds the rules and messages.
 */
export function AddressFields({
  name,
  legend,
  typeOptions,
  fallbackAddress,
  fallbackLabel = "Same as Organization Address",
  className,
}: AddressFieldsProps) {
  const id = useId();
  const { control, setValue, getFieldState, formState } = useFormContext();
  const [sameAsFallback, setSameAsFallback] = useState(false);
  const country = useWatch({ control, name: `${name}.country` }) as string | undefined;
  // A phone's number pad only where the country's codes are digits (not Canada's "A1A 1A1").
  const postalCodeInputMode = country === "US" || country === "MX" ? "numeric" : undefined;
  const fallbackAvailable = hasAddress(fallbackAddress);
  const copying = sameAsFallback && fallbackAvailable;

  // While "same as" is on, the fields follow the fallback, also when it changes (the wizard's
  // organization address is edited on the same page).
  const fallbackKey = JSON.stringify(copiedFields.map((field) => fallbackAddress?.[field] ?? ""));
  useEffect(() => {
    if (!copying) return;
    const values = JSON.parse(fallbackKey) as string[];
    copiedFields.forEach((field, index) => {
      setValue(`${name}.${field}`, values[index] ?? "", {
        shouldDirty: true,
        shouldValidate: formState.isSubmitted,
      });
    });
  }, [copying, fallbackKey, name, setValue, formState.isSubmitted]);

  function toggleSame(checked: boolean) {
    setSameAsFallback(checked);
    if (!checked) {
      // SPEC.md section 5: unchecking resets the form.
      for (const field of copiedFields) setValue(`${name}.${field}`, "", { shouldDirty: true });
    }
  }

  const fieldId = (field: string) => `${id}-${field}`;
  const errorId = (field: string) => `${id}-${field}-error`;
  const errorOf = (field: string) => getFieldState(`${name}.${field}`, formState).error?.message;

  function textField(
    field: (typeof textFields)[number],
    label: string,
    options: { optional?: boolean; wide?: boolean; inputMode?: "numeric"; autoComplete?: string } = {},
  ) {
    return (
      <Controller
        control={control}
        name={`${name}.${field}`}
        render={({ field: input, fieldState }) => (
          <Field data-invalid={fieldState.invalid} className={cn(options.wide && "sm:col-span-2")}>
            <FieldLabel htmlFor={fieldId(field)}>
              {label}
              {options.optional && <span className="font-normal text-muted-foreground">(optional)</span>}
            </FieldLabel>
            <Input
              id={fieldId(field)}
              name={input.name}
              ref={input.ref}
              value={(input.value as string | undefined) ?? ""}
              onChange={input.onChange}
              onBlur={input.onBlur}
              readOnly={copying}
              inputMode={options.inputMode}
              maxLength={
                field === "postalCode" ? addressLimits.postalCodeMaxLength : addressLimits.textMaxLength
              }
              autoComplete={options.autoComplete ?? "off"}
              aria-invalid={fieldState.invalid}
              aria-describedby={fieldState.invalid ? errorId(field) : undefined}
              className={cn(copying && "bg-muted/50")}
            />
            <FieldError id={errorId(field)}>{fieldState.error?.message}</FieldError>
          </Field>
        )}
      />
    );
  }

  return (
    <fieldset className={cn("flex min-w-0 flex-col gap-4", className)}>
      {legend && <legend className="mb-1 text-sm font-medium">{legend}</legend>}
      {fallbackAddress !== undefined && (
        <div className="flex items-center gap-2">
          <Checkbox
            id={fieldId("same")}
            checked={copying}
            disabled={!fallbackAvailable}
            onCheckedChange={(checked) => toggleSame(checked === true)}
          />
          <Label htmlFor={fieldId("same")} className="font-normal">
            {fallbackLabel}
          </Label>
          {!fallbackAvailable && (
            <span className="text-xs text-muted-foreground">(the organization has no address yet)</span>
          )}
        </div>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        {typeOptions && (
          <Controller
            control={control}
            name={`${name}.type`}
            render={({ field, fieldState }) => (
              <Field data-invalid={fieldState.invalid} className="sm:col-span-2">
                <FieldLabel htmlFor={fieldId("type")}>Address type</FieldLabel>
                <Select value={(field.value as string | undefined) ?? ""} onValueChange={field.onChange}>
                  <SelectTrigger
                    id={fieldId("type")}
                    className="sm:w-60"
                    aria-invalid={fieldState.invalid}
                    aria-describedby={fieldState.invalid ? errorId("type") : undefined}
                    onBlur={field.onBlur}
                  >
                    <SelectValue placeholder="Choose a type" />
                  </SelectTrigger>
                  <SelectContent>
                    {typeOptions.map((type) => (
                      <SelectItem key={type} value={type}>
                        {addressTypeLabels[type]}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
                <FieldError id={errorId("type")}>{fieldState.error?.message}</FieldError>
              </Field>
            )}
          />
        )}
        {textField("line1", "Address line 1", { wide: true, autoComplete: "address-line1" })}
        {textField("line2", "Address line 2", { wide: true, optional: true, autoComplete: "address-line2" })}
        {textField("city", "City", { autoComplete: "address-level2" })}
        {textField("state", "State / Province", { autoComplete: "address-level1" })}
        {textField("postalCode", "Postal code", {
          optional: true,
          inputMode: postalCodeInputMode,
          autoComplete: "postal-code",
        })}
        <Controller
          control={control}
          name={`${name}.country`}
          render={({ field, fieldState }) => (
            <Field data-invalid={fieldState.invalid}>
              <FieldLabel htmlFor={fieldId("country")}>Country</FieldLabel>
              <Combobox
                id={fieldId("country")}
                options={countryComboboxOptions}
                value={field.value as string | undefined}
                onValueChange={field.onChange}
                onBlur={field.onBlur}
                disabled={copying}
                placeholder="Choose a country"
                searchPlaceholder="Search countries"
                aria-invalid={fieldState.invalid}
                aria-describedby={fieldState.invalid ? errorId("country") : undefined}
              />
              <FieldError id={errorId("country")}>{errorOf("country")}</FieldError>
            </Field>
          )}
        />
      </div>
    </fieldset>
  );
}
