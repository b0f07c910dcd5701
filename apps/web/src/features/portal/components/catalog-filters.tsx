import { catalogTypeLabels } from "@cm/contracts/catalogs";
import type { PortalStyles } from "@cm/contracts/portal-catalogs";
import { LayoutGridIcon, ListIcon } from "lucide-react";
import { useId } from "react";
import { DebouncedSearchInput } from "@/components/debounced-search-input";
import { Button } from "@/components/ui/button";
import { FilterSelect } from "@/components/filter-select";
import { searchMaxLength } from "@/features/portal/components/catalog-params";
import type {
  CatalogLayout,
  CatalogParams,
  CatalogParamsPatch,
} from "@/features/portal/components/catalog-params";

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
        <DebouncedSearchInput
          aria-label="Search styles"
          placeholder="Search by model code, name or colour"
          maxLength={searchMaxLength}
          value={params.q}
          onSearch={(q) => onChange({ q }, { replace: true })}
          className="sm:w-[320px]"
        />
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
