import { catalogAudienceMessages, type CatalogAudience } from "@cm/contracts/catalogs";
import { segmentationLabels, segmentationValues, type Segmentation } from "@cm/contracts/stores";
import { useId } from "react";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";

export interface AudienceCheckboxesProps {
  /** Names the group, e.g. "Athletic Catalog". */
  legend: string;
  /** Shown after the legend, e.g. "4 items". */
  hint?: string;
  value: readonly Segmentation[];
  onChange: (audience: CatalogAudience) => void;
  disabled?: boolean;
}

/**
 * A catalog's audience: Good, Better and Best as checkboxes, in that order. None checked is
 * invalid and says so ("Choose at least one segmentation"); the caller refuses to send it.
 */
export function AudienceCheckboxes({ legend, hint, value, onChange, disabled }: AudienceCheckboxesProps) {
  const id = useId();
  const empty = value.length === 0;
  const toggle = (segmentation: Segmentation, checked: boolean) =>
    onChange(
      segmentationValues.filter((candidate) =>
        candidate === segmentation ? checked : value.includes(candidate),
      ),
    );
  return (
    <fieldset
      className="flex flex-col gap-2 rounded-md border px-3 py-2"
      aria-invalid={empty || undefined}
      aria-describedby={empty ? `${id}-error` : undefined}
    >
      <legend className="px-1 text-sm font-medium">
        {legend}
        {hint ? <span className="ml-1.5 font-normal text-muted-foreground">{hint}</span> : null}
      </legend>
      <div className="flex flex-wrap gap-x-5 gap-y-2">
        {segmentationValues.map((segmentation) => (
          <div key={segmentation} className="flex items-center gap-2">
            <Checkbox
              id={`${id}-${segmentation}`}
              checked={value.includes(segmentation)}
              disabled={disabled}
              aria-invalid={empty || undefined}
              onCheckedChange={(checked) => toggle(segmentation, checked === true)}
            />
            <Label htmlFor={`${id}-${segmentation}`} className="font-normal">
              {segmentationLabels[segmentation]}
            </Label>
          </div>
        ))}
      </div>
      {empty ? (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {catalogAudienceMessages.audienceRequired}
        </p>
      ) : null}
    </fieldset>
  );
}
