import {
  defaultSegmentation,
  deriveStoreType,
  segmentationLabels,
  segmentationValues,
  storeTypeLabels,
  type BrandSegmentation,
  type Segmentation,
} from "@cm/contracts/stores";
import { useId } from "react";
import { get, useFormContext, useWatch } from "react-hook-form";
import { Badge } from "@/components/ui/badge";
import { Checkbox } from "@/components/ui/checkbox";
import { FieldError } from "@/components/ui/field";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { uiText } from "@/lib/ui-text";

export interface BrandFocusBrand {
  id: number;
  name: string;
}

type EntryErrors = Record<string, { message?: string } | undefined>;

/**
 * The message react-hook-form keeps for an array: on the array itself, on its `root`, or on one
 * of its entries (the server names e.g. `brandSegmentation.1.brandId` for an unknown brand).
 */
function arrayErrorMessage(error: unknown): string | undefined {
  const value = error as
    ({ message?: string; root?: { message?: string } } & (EntryErrors | undefined)[]) | undefined;
  if (!value) return undefined;
  if (value.message) return value.message;
  if (value.root?.message) return value.root.message;
  if (!Array.isArray(value)) return undefined;
  for (const entry of value) {
    const message = entry && Object.values(entry).find((field) => field?.message)?.message;
    if (message) return message;
  }
  return undefined;
}

/**
 * A store's brand focus (SPEC.md section 3): the brands it sells, each with its segmentation
 * (good by default), and the store type that follows from their number. Lives inside the
 * caller's react-hook-form; `name` is the path of the brand focus, e.g. "stores.0.brandFocusType".
 */
export function BrandFocusFields({
  name,
  brands,
  loading = false,
  hideHeading = false,
}: {
  name: string;
  brands: readonly BrandFocusBrand[];
  loading?: boolean;
  /** When the surrounding section already says "Brand focus". */
  hideHeading?: boolean;
}) {
  const id = useId();
  const { control, setValue, formState } = useFormContext();
  const path = `${name}.brandSegmentation`;
  const selected = (useWatch({ control, name: path }) as BrandSegmentation[] | undefined) ?? [];
  const error = arrayErrorMessage(get(formState.errors, path));
  const storeType = deriveStoreType(selected.length);

  function update(next: BrandSegmentation[]) {
    setValue(path, next, { shouldDirty: true, shouldValidate: formState.isSubmitted });
    setValue(`${name}.storeType`, deriveStoreType(next.length), { shouldDirty: true });
  }

  function toggle(brandId: number, checked: boolean) {
    if (checked) update([...selected, { brandId, segmentation: defaultSegmentation }]);
    else update(selected.filter((entry) => entry.brandId !== brandId));
  }

  function changeSegmentation(brandId: number, segmentation: Segmentation) {
    update(selected.map((entry) => (entry.brandId === brandId ? { ...entry, segmentation } : entry)));
  }

  const groupLabelId = `${id}-label`;

  return (
    <div
      role="group"
      aria-labelledby={groupLabelId}
      aria-describedby={error ? `${id}-error` : undefined}
      className="flex flex-col gap-3"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span id={groupLabelId} className={hideHeading ? "sr-only" : "text-sm font-medium"}>
          Brand focus
        </span>
        <Badge
          variant={storeType === "multi-brand" ? "info" : "secondary"}
          className="ml-auto"
          aria-live="polite"
        >
          {storeTypeLabels[storeType]}
        </Badge>
      </div>
      {loading ? (
        <div className="flex flex-col gap-2" aria-hidden="true">
          <Skeleton className="h-9" />
          <Skeleton className="h-9" />
        </div>
      ) : brands.length === 0 ? (
        <p className="text-sm text-muted-foreground">{uiText.noOptions}</p>
      ) : (
        <ul
          className="divide-y rounded-md border data-[invalid=true]:border-destructive"
          data-invalid={Boolean(error)}
        >
          {brands.map((brand) => {
            const entry = selected.find((item) => item.brandId === brand.id);
            const checkboxId = `${id}-brand-${brand.id}`;
            return (
              <li key={brand.id} className="flex min-h-11 items-center justify-between gap-3 px-3 py-1.5">
                <div className="flex min-w-0 items-center gap-2">
                  <Checkbox
                    id={checkboxId}
                    checked={Boolean(entry)}
                    onCheckedChange={(checked) => toggle(brand.id, checked === true)}
                    aria-invalid={Boolean(error)}
                  />
                  <Label htmlFor={checkboxId} className="truncate font-normal">
                    {brand.name}
                  </Label>
                </div>
                {entry && (
                  <Select
                    value={entry.segmentation}
                    onValueChange={(value) => changeSegmentation(brand.id, value as Segmentation)}
                  >
                    <SelectTrigger size="sm" className="w-28" aria-label={`Segmentation of ${brand.name}`}>
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      {segmentationValues.map((segmentation) => (
                        <SelectItem key={segmentation} value={segmentation}>
                          {segmentationLabels[segmentation]}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}
