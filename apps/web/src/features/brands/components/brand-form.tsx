import {
  type BrandInput,
  brandMessages,
  brandNameMaxLength,
  brandNameSchema,
  brandWholesaleFactorLimits,
  brandWholesaleFactorSchema,
} from "@cm/contracts/brands";
import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { Link } from "react-router";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Field, FieldDescription, FieldError, FieldGroup, FieldLabel } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { paths } from "@/config/paths";
import { isApiError } from "@/lib/api-client";
import { applyServerFieldErrors } from "@/lib/form-errors";

/** The form's own state: the payload's fields plus the "Has Description" switch. */
const brandFormSchema = z.object({
  name: brandNameSchema,
  wholesaleFactor: brandWholesaleFactorSchema,
  hasDescription: z.boolean(),
  description: z.string(),
});
type BrandFormValues = z.input<typeof brandFormSchema>;

export interface BrandFormProps {
  /** The brand being edited; a new brand starts empty. */
  initial?: { name: string; description: string | null; wholesaleFactor: number };
  submitLabel: string;
  /** The submit button's label while saving, e.g. "Creating...". */
  pendingLabel: string;
  /** Saves the brand; a rejection marks the name when the server says it is taken or invalid. */
  onSubmit: (input: BrandInput) => Promise<void>;
}

/**
 * Create and edit a brand (SPEC.md section 5, Brand): a required name of at most 100
 * characters, the wholesale factor that prices its order lines, and a description
 * only when "Has Description" is checked (unchecking clears it). Submit is disabled while the
 * form is invalid or saving.
 */
export function BrandForm({ initial, submitLabel, pendingLabel, onSubmit }: BrandFormProps) {
  const id = useId();
  const {
    control,
    register,
    handleSubmit,
    setValue,
    setError,
    formState: { errors, isSubmitting, isValid },
  } = useForm<BrandFormValues>({
    resolver: zodResolver(brandFormSchema),
    mode: "all",
    defaultValues: {
      name: initial?.name ?? "",
      wholesaleFactor: initial?.wholesaleFactor ?? brandWholesaleFactorLimits.default,
      hasDescription: Boolean(initial?.description),
      description: initial?.description ?? "",
    },
  });
  const hasDescription = useWatch({ control, name: "hasDescription" });

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit({
        name: values.name,
        description: values.hasDescription ? values.description : undefined,
        wholesaleFactor: values.wholesaleFactor,
      });
    } catch (error) {
      // A taken name (409) is the name's error, as the fields the server named are theirs.
      const marked = applyServerFieldErrors(error, setError, {
        accept: (path) => path in brandFormSchema.shape,
      });
      if (!marked && isApiError(error) && error.status === 409) {
        setError("name", { type: "server", message: error.message }, { shouldFocus: true });
      }
    }
  });

  const nameErrorId = `${id}-name-error`;
  const factorErrorId = `${id}-wholesale-factor-error`;

  return (
    <form
      noValidate
      aria-label="Brand"
      onSubmit={(event) => void submit(event)}
      className="flex flex-col gap-6"
    >
      <FieldGroup>
        <Field data-invalid={Boolean(errors.name)}>
          <FieldLabel htmlFor={`${id}-name`}>Name</FieldLabel>
          <Input
            id={`${id}-name`}
            autoComplete="off"
            maxLength={brandNameMaxLength + 20}
            aria-invalid={Boolean(errors.name) || undefined}
            aria-describedby={errors.name ? nameErrorId : `${id}-name-hint`}
            aria-required="true"
            {...register("name")}
          />
          {errors.name ? (
            <FieldError id={nameErrorId}>{errors.name.message}</FieldError>
          ) : (
            <FieldDescription id={`${id}-name-hint`}>Up to {brandNameMaxLength} characters.</FieldDescription>
          )}
        </Field>

        <Field data-invalid={Boolean(errors.wholesaleFactor)}>
          <FieldLabel htmlFor={`${id}-wholesale-factor`}>Wholesale factor</FieldLabel>
          <Input
            id={`${id}-wholesale-factor`}
            type="number"
            inputMode="decimal"
            min={brandWholesaleFactorLimits.min}
            max={brandWholesaleFactorLimits.max}
            step={0.01}
            className="w-32 text-right tabular-nums"
            aria-invalid={Boolean(errors.wholesaleFactor) || undefined}
            aria-describedby={errors.wholesaleFactor ? factorErrorId : `${id}-wholesale-factor-hint`}
            aria-required="true"
            {...register("wholesaleFactor", { valueAsNumber: true })}
          />
          {errors.wholesaleFactor ? (
            <FieldError id={factorErrorId}>{errors.wholesaleFactor.message}</FieldError>
          ) : (
            <FieldDescription id={`${id}-wholesale-factor-hint`}>
              From {brandWholesaleFactorLimits.min} to {brandWholesaleFactorLimits.max}.{" "}
              {brandMessages.wholesaleFactorHint}
            </FieldDescription>
          )}
        </Field>

        <Field orientation="horizontal">
          <Controller
            control={control}
            name="hasDescription"
            render={({ field }) => (
              <Checkbox
                id={`${id}-has-description`}
                checked={field.value}
                onBlur={field.onBlur}
                onCheckedChange={(checked) => {
                  field.onChange(checked === true);
                  if (checked !== true) setValue("description", "", { shouldValidate: true });
                }}
              />
            )}
          />
          <FieldLabel htmlFor={`${id}-has-description`} className="font-normal">
            Has Description
          </FieldLabel>
        </Field>

        <Field data-disabled={!hasDescription}>
          <FieldLabel htmlFor={`${id}-description`}>Description</FieldLabel>
          <Textarea
            id={`${id}-description`}
            rows={4}
            disabled={!hasDescription}
            placeholder={hasDescription ? "What the brand sells" : "Check Has Description to add one"}
            {...register("description")}
          />
        </Field>
      </FieldGroup>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button asChild variant="outline">
          <Link to={paths.home.brands.list.getHref()}>Cancel</Link>
        </Button>
        <Button type="submit" disabled={!isValid || isSubmitting}>
          {isSubmitting ? pendingLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}
