import { FieldError } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";

/** The Select's value for "no filter": Radix Select items cannot have an empty value. */
const anyValue = "any";

/** A list filter's Select: one value of `options`, or `anyLabel` first for none (`undefined`). */
export function FilterSelect({
  id,
  label,
  value,
  anyLabel,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: string | undefined;
  anyLabel: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string | undefined) => void;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Select
        value={value ?? anyValue}
        onValueChange={(next) => onChange(next === anyValue ? undefined : next)}
      >
        <SelectTrigger id={id} className="w-full bg-background">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={anyValue}>{anyLabel}</SelectItem>
          {options.map((option) => (
            <SelectItem key={option.value} value={option.value}>
              {option.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

/**
 * A list filter's date range: a From and a To date field, each bounded by the other. A field
 * emptied sends "" (the lists' URL patches drop it); `rangeError` says why the range cannot be
 * asked for, under To.
 */
export function DateRangeFilter({
  id,
  fromLabel,
  toLabel,
  from,
  to,
  rangeError,
  onChange,
}: {
  id: string;
  fromLabel: string;
  toLabel: string;
  from: string | undefined;
  to: string | undefined;
  rangeError?: string;
  onChange: (patch: { from: string } | { to: string }) => void;
}) {
  return (
    <>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-from`}>{fromLabel}</Label>
        <Input
          id={`${id}-from`}
          type="date"
          className="bg-background"
          value={from ?? ""}
          max={to}
          onChange={(event) => onChange({ from: event.target.value })}
        />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-to`}>{toLabel}</Label>
        <Input
          id={`${id}-to`}
          type="date"
          className="bg-background"
          value={to ?? ""}
          min={from}
          aria-invalid={rangeError ? true : undefined}
          aria-describedby={rangeError ? `${id}-range-error` : undefined}
          onChange={(event) => onChange({ to: event.target.value })}
        />
        <FieldError id={`${id}-range-error`}>{rangeError}</FieldError>
      </div>
    </>
  );
}
