import { catalogTypeLabels } from "@cm/contracts/catalogs";
import type { PortalStyles } from "@cm/contracts/portal-catalogs";
import { LayoutGridIcon, ListIcon } from "lucide-react";
import { useEffect, useEffectEvent, useId, useState } from "react";
import { SearchInput } from "@/components/search-input";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { searchMaxLength } from "@/features/portal/components/catalog-params";
import { useDebouncedValue } from "@/hooks/use-debounced-value";
import type {
  CatalogLayout,
  CatalogParams,
  CatalogParamsPatch,
} from "@/features/portal/components/catalog-params";

/** Waiting this long after the last key press before asking the server spares a request per letter. */
const searchDelayMs = 300;

/** The search box: what is typed reaches the URL once typing pauses; a search changed elsewhere (Back) shows here. */
function CatalogSearch({ value, onSearch }: { value: string; onSearch: (value: string) => void }) {
  const [text, setText] = useState(value);
  const debounced = useDebouncedValue(text, searchDelayMs);

  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    if (value !== debounced.trim()) setText(value);
  }

  const send = useEffectEvent((next: string) => {
    if (next !== value) onSearch(next);
  });
  useEffect(() => send(debounced.trim()), [debounced]);

  return (
    <SearchInput
      aria-label="Search styles"
      placeholder="Search by model code, name or colour"
      maxLength={searchMaxLength}
      value={text}
      onChange={(event) => setText(event.target.value)}
      className="sm:w-[320px]"
    />
  );
}

/** The Select's value for "no filter": Radix Select items cannot have an empty value. */
const anyValue = "any";

/**
 * One filter: a value of `options`, or `anyLabel` for none. Not the staff lists' FilterSelect:
 * its module brings the searchable combobox along, which the portal's pages do not need.
 */
function FilterSelect({
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

/** Cards or rows, kept in the URL. */
function LayoutToggle({
  value,
  onChange,
}: {
  value: CatalogLayout;
  onChange: (value: CatalogLayout) => void;
}) {
  return (
    <div
      role="group"
      aria-label="Layout"
      className="flex shrink-0 items-center gap-1 rounded-md border p-0.5"
    >
      <Button
        type="button"
        size="sm"
        variant={value === "cards" ? "secondary" : "ghost"}
        aria-pressed={value === "cards"}
        onClick={() => onChange("cards")}
      >
        <LayoutGridIcon aria-hidden="true" />
        Cards
      </Button>
      <Button
        type="button"
        size="sm"
        variant={value === "rows" ? "secondary" : "ghost"}
        aria-pressed={value === "rows"}
        onClick={() => onChange("rows")}
      >
        <ListIcon aria-hidden="true" />
        Rows
      </Button>
    </div>
  );
}

/**
 * The catalog's search, its filters (the catalog among those the store sees, gender, colour: the
 * choices come from the answer's facets) and the Cards/Rows switch.
 */
export function CatalogFilters({
  params,
  data,
  onChange,
}: {
  params: CatalogParams;
  /** The last answer, for the choices; absent while the first one loads. */
  data: PortalStyles | undefined;
  onChange: (patch: CatalogParamsPatch, options?: { replace?: boolean }) => void;
}) {
  const id = useId();
  const catalogs = data?.lineList.catalogs ?? [];
  const genders = data?.facets.genders ?? [];
  const colors = data?.facets.colors ?? [];
  // A value in the URL stays offered even when the facets no longer hold it, so it can be seen and cleared.
  const withCurrent = (values: readonly string[], current: string) =>
    (current && !values.includes(current) ? [current, ...values] : values).map((value) => ({
      value,
      label: value,
    }));
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <CatalogSearch value={params.q} onSearch={(q) => onChange({ q }, { replace: true })} />
        <LayoutToggle value={params.view} onChange={(view) => onChange({ view, page: params.page })} />
      </div>
      <div role="group" aria-label="Filters" className="grid gap-3 sm:grid-cols-3">
        {catalogs.length > 1 || params.catalogType ? (
          <FilterSelect
            id={`${id}-catalog`}
            label="Catalog"
            value={params.catalogType}
            anyLabel="All catalogs"
            options={catalogs.map((catalog) => ({
              value: catalog.type,
              label: catalogTypeLabels[catalog.type],
            }))}
            onChange={(catalogType) => onChange({ catalogType })}
          />
        ) : null}
        {genders.length > 0 || params.gender ? (
          <FilterSelect
            id={`${id}-gender`}
            label="Gender"
            value={params.gender || undefined}
            anyLabel="All genders"
            options={withCurrent(genders, params.gender)}
            onChange={(gender) => onChange({ gender })}
          />
        ) : null}
        {colors.length > 0 || params.color ? (
          <FilterSelect
            id={`${id}-color`}
            label="Colour"
            value={params.color || undefined}
            anyLabel="All colours"
            options={withCurrent(colors, params.color)}
            onChange={(color) => onChange({ color })}
          />
        ) : null}
      </div>
    </div>
  );
}
