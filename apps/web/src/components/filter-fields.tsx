import { XIcon } from "lucide-react";
import type * as React from "react";
import { Combobox, type ComboboxOption } from "@/components/combobox";
import { DisabledReason } from "@/components/disabled-reason";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

/** A list filter's Select, in a module of its own: pages without comboboxes import it alone. */
export { FilterSelect } from "@/components/filter-select";

/** On wide screens the filters share a row, the Clear button last; a class per count, as Tailwind needs. */
const panelColumns = {
  4: "lg:grid-cols-[repeat(4,minmax(0,1fr))_auto]",
  5: "lg:grid-cols-[repeat(5,minmax(0,1fr))_auto]",
} as const;

/** A list's filters: one group, its fields in a grid, `ClearFiltersButton` last. */
export function FiltersPanel({
  id,
  columns,
  children,
}: {
  id?: string;
  /** How many fields share the row on a wide screen (a date range counts two). */
  columns: keyof typeof panelColumns;
  children: React.ReactNode;
}) {
  return (
    <div
      id={id}
      role="group"
      aria-label="Filters"
      className={`grid gap-3 rounded-lg border bg-muted/30 p-3 sm:grid-cols-2 ${panelColumns[columns]} lg:items-start`}
    >
      {children}
    </div>
  );
}

/** Clears every filter of the panel; disabled while none is set. */
export function ClearFiltersButton({
  label,
  disabled,
  onClick,
}: {
  label: string;
  disabled: boolean;
  onClick: () => void;
}) {
  return (
    <Button type="button" variant="ghost" className="lg:mt-6" disabled={disabled} onClick={onClick}>
      <XIcon aria-hidden="true" />
      {label}
    </Button>
  );
}

/**
 * A list filter's searchable choice among many (a customer, a store, a person): one of `options`,
 * or `anyLabel` first for none (""). With `disabledReason` it is disabled and says why on hover.
 */
export function FilterCombobox({
  id,
  label,
  value,
  anyLabel,
  options,
  searchPlaceholder,
  disabledReason,
  onChange,
}: {
  id: string;
  label: string;
  value: number | undefined;
  anyLabel: string;
  options: readonly ComboboxOption[];
  searchPlaceholder: string;
  disabledReason?: string;
  onChange: (value: string) => void;
}) {
  const combobox = (
    <Combobox
      id={id}
      className="bg-background"
      options={[{ value: "", label: anyLabel }, ...options]}
      value={value === undefined ? "" : String(value)}
      onValueChange={onChange}
      placeholder={anyLabel}
      searchPlaceholder={searchPlaceholder}
      disabled={disabledReason !== undefined}
    />
  );
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {disabledReason === undefined ? (
        combobox
      ) : (
        <DisabledReason reason={disabledReason}>{combobox}</DisabledReason>
      )}
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
