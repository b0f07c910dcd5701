import {
  type LineListMapping,
  mappingFields,
  mappingMessages,
  type MappingFieldKey,
} from "@cm/contracts/line-list-mapping";
import type { BrandMappingData } from "@cm/contracts/line-list-mapping-api";
import { mappingProblems } from "@cm/contracts/mapping-engine/guess-mapping";
import { PencilIcon, RotateCcwIcon } from "lucide-react";
import { useId, useState } from "react";
import { toast } from "@/lib/toast";
import { ListLoadError } from "@/components/list-states";
import { RequirePermission } from "@/components/require-permission";
import { Button } from "@/components/ui/button";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { useBrandMapping } from "@/features/brands/api/get-brand-mapping";
import { useSaveBrandMapping } from "@/features/brands/api/save-brand-mapping";
import { useResetBrandMappingAction } from "@/features/brands/hooks/use-reset-brand-mapping-action";
import { brandMappingText, decimalSeparatorLabels, layoutLabels } from "@/lib/api/brands/brand-mapping-text";
import { formatInstantDateTime } from "@/lib/format";
import { uiText } from "@/lib/ui-text";

/** The Select's value for "no column" (Radix refuses an empty value). */
const none = "__none__";

function fieldColumns(mapping: LineListMapping, key: MappingFieldKey): string[] {
  if (key === "image_urls") return mapping.fields.image_urls ?? [];
  const column = mapping.fields[key];
  return column ? [column] : [];
}

/** The mapping with the field read from `column`, or left out (null). */
function withFieldColumn(
  mapping: LineListMapping,
  key: MappingFieldKey,
  column: string | null,
): LineListMapping {
  const fields = { ...mapping.fields };
  if (key === "image_urls") {
    if (column === null) delete fields.image_urls;
    else fields.image_urls = [column, ...(fields.image_urls ?? []).slice(1).filter((c) => c !== column)];
  } else if (column === null) delete fields[key];
  else fields[key] = column;
  // A column now read as a field is no longer kept as an attribute too.
  const attributes = column
    ? mapping.attributes.filter((attribute) => attribute.column !== column)
    : mapping.attributes;
  return { ...mapping, fields, attributes };
}

function Facts({ data }: { data: NonNullable<BrandMappingData> }) {
  const { mapping } = data;
  const facts: [string, string][] = [
    ["Sheet", mapping.sheet ?? brandMappingText.firstSheet],
    ["Header row", String(mapping.headerRow)],
    ["Layout", layoutLabels[mapping.layout].label],
    [
      "Season",
      mapping.season
        ? `${mapping.season.season} ${mapping.season.year}`
        : brandMappingText.seasonFromSheetName,
    ],
  ];
  if (mapping.decimalSeparator)
    facts.push(["Decimal separator", decimalSeparatorLabels[mapping.decimalSeparator]]);
  facts.push([
    "Updated",
    [formatInstantDateTime(data.updatedAt), data.updatedBy ? `by ${data.updatedBy}` : null]
      .filter(Boolean)
      .join(" "),
  ]);
  return (
    <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-6 gap-y-1.5 text-sm sm:grid-cols-[auto_minmax(0,1fr)_auto_minmax(0,1fr)]">
      {facts.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-muted-foreground">{term}</dt>
          <dd className="min-w-0 break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function PairList({ label, pairs }: { label: string; pairs: [string, string][] }) {
  if (pairs.length === 0) return null;
  return (
    <div className="flex flex-col gap-1.5">
      <h3 className="text-sm font-medium">{label}</h3>
      <ul aria-label={label} className="flex flex-wrap gap-1.5">
        {pairs.map(([from, to]) => (
          <li key={from} className="rounded-md border px-2 py-0.5 text-xs">
            {from} <span aria-hidden="true">→</span>
            <span className="sr-only"> as </span> {to}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Field → column, as a table; in edit mode each column is a select among the saved headers. */
function FieldTable({
  mapping,
  headers,
  editing,
  onChange,
}: {
  mapping: LineListMapping;
  headers: string[];
  editing: boolean;
  onChange: (mapping: LineListMapping) => void;
}) {
  const id = useId();
  const choices = [...new Set(headers.filter((header) => header.trim() !== ""))];
  // Sizes as columns reads each size's SKU from its size column: no Size or SKU column.
  const fields = mappingFields.filter(
    (field) => mapping.layout === "rows" || (field.key !== "size" && field.key !== "sku"),
  );
  return (
    <div className="overflow-x-auto rounded-md border">
      <Table aria-label="Fields and their columns">
        <TableHeader>
          <TableRow>
            <TableHead scope="col">Field</TableHead>
            <TableHead scope="col">Column</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {fields.map((field) => {
            const columns = fieldColumns(mapping, field.key);
            const labelId = `${id}-${field.key}`;
            return (
              <TableRow key={field.key}>
                <TableCell id={labelId} className="font-medium">
                  {field.label}
                  {field.required ? <span className="text-muted-foreground"> (required)</span> : null}
                </TableCell>
                <TableCell className="whitespace-normal">
                  {editing ? (
                    <Select
                      value={columns[0] ?? none}
                      onValueChange={(value) =>
                        onChange(withFieldColumn(mapping, field.key, value === none ? null : value))
                      }
                    >
                      <SelectTrigger aria-labelledby={labelId} className="w-full max-w-72">
                        <SelectValue />
                      </SelectTrigger>
                      <SelectContent>
                        <SelectItem value={none}>{brandMappingText.notInFile}</SelectItem>
                        {choices.map((header) => (
                          <SelectItem key={header} value={header}>
                            {header}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                  ) : columns.length > 0 ? (
                    columns.join(", ")
                  ) : (
                    <span className="text-muted-foreground">{brandMappingText.notInFile}</span>
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </div>
  );
}

export interface BrandMappingSectionProps {
  brandId: number;
  brandName: string | undefined;
}

/**
 * A brand's saved column mapping (issue 32): what each field is read from, the layout, sheet and
 * header row, the attributes kept and the size labels a person gave. Catalogs: Manage may change
 * the fields' columns among the headers it was made on, or reset it.
 */
export function BrandMappingSection({ brandId, brandName }: BrandMappingSectionProps) {
  const titleId = useId();
  const reasonId = useId();
  const query = useBrandMapping(brandId);
  const save = useSaveBrandMapping();
  const reset = useResetBrandMappingAction();
  const [draft, setDraft] = useState<LineListMapping | null>(null);
  const data = query.data;
  const editing = draft !== null && Boolean(data);
  const shown = editing && draft ? draft : data?.mapping;
  const problems =
    editing && draft && data
      ? mappingProblems(draft, data.headers, { unreadableSizes: [], seasonFromSheet: true })
      : [];

  async function submit() {
    if (!draft || !data || problems.length > 0) return;
    try {
      await save.mutateAsync({ brandId, data: { mapping: draft, headers: data.headers } });
    } catch (error) {
      console.error(error);
      toast.error(brandMappingText.saveFailed, { description: (error as Error).message });
      return;
    }
    toast.success(mappingMessages.saved);
    setDraft(null);
  }

  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-4 rounded-lg border p-4 sm:p-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex flex-col gap-1">
          <h2 id={titleId} className="text-lg font-semibold tracking-tight">
            {brandMappingText.sectionTitle}
          </h2>
          <p className="text-sm text-muted-foreground">{brandMappingText.sectionDescription}</p>
        </div>
        {data && !editing ? (
          <div className="flex flex-wrap gap-2">
            <RequirePermission permission="catalogs.manage">
              <Button variant="outline" onClick={() => setDraft(data.mapping)}>
                <PencilIcon aria-hidden="true" />
                Edit columns
              </Button>
            </RequirePermission>
            <RequirePermission permission="catalogs.manage">
              <Button
                variant="outline"
                className="text-destructive hover:text-destructive"
                onClick={() => reset.requestReset({ id: brandId, name: brandName ?? "" })}
              >
                <RotateCcwIcon aria-hidden="true" />
                {brandMappingText.resetLabel}
              </Button>
            </RequirePermission>
          </div>
        ) : null}
      </div>

      {query.isPending ? (
        <div className="flex flex-col gap-2" aria-busy="true" aria-label="Loading the column mapping">
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-5 w-1/2" />
          <Skeleton className="h-32 w-full" />
        </div>
      ) : query.isError ? (
        <ListLoadError
          title={brandMappingText.loadFailed}
          message={query.error.message}
          onRetry={() => void query.refetch()}
        />
      ) : !data || !shown ? (
        <p className="rounded-lg border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">
          {brandMappingText.empty}
        </p>
      ) : (
        <>
          <Facts data={data} />
          <FieldTable mapping={shown} headers={data.headers} editing={editing} onChange={setDraft} />
          {editing ? (
            <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
              <ul id={reasonId} className="text-sm text-destructive empty:hidden">
                {problems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
              <div className="flex flex-col-reverse gap-2 sm:ml-auto sm:flex-row">
                <Button variant="outline" onClick={() => setDraft(null)} disabled={save.isPending}>
                  Cancel
                </Button>
                <Button
                  disabled={problems.length > 0 || save.isPending}
                  aria-describedby={problems.length > 0 ? reasonId : undefined}
                  onClick={() => void submit()}
                >
                  {save.isPending ? uiText.saving : "Save mapping"}
                </Button>
              </div>
            </div>
          ) : null}
          <PairList
            label="Size columns"
            pairs={
              shown.layout === "size-columns"
                ? shown.sizeColumns.map((entry) => [entry.column, entry.size])
                : []
            }
          />
          <PairList
            label="Kept as attributes"
            pairs={shown.attributes.map((attribute) => [attribute.column, attribute.name])}
          />
          <PairList label="Size labels given" pairs={Object.entries(shown.sizeLabels)} />
        </>
      )}
      {reset.dialog}
    </section>
  );
}
