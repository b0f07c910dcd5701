import { type LineListMapping, mappingFields } from "@cm/contracts/line-list-mapping";
import { XIcon } from "lucide-react";
import { useId } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import {
  type ColumnRole,
  columnRole,
  fieldColumns,
  layoutReadsField,
  otherColumns,
  setAttributeName,
  setColumnRole,
  setFieldColumn,
  setSizeColumnSize,
  setSizeLabel,
} from "@/features/uploads/utils/mapping-edit";
import { brandMappingText } from "@/lib/api/brands/brand-mapping-text";

/** The Select's value for "no column" (Radix refuses an empty value). */
const none = "__none__";

export interface MappingColumnsProps {
  mapping: LineListMapping;
  onChange: (update: (mapping: LineListMapping) => LineListMapping) => void;
  /** The file's headers in column order, blank ones left out, each once. */
  columns: string[];
  /** Each column's first sample values. */
  samples: ReadonlyMap<string, string[]>;
  /** Columns the brand's saved mapping did not have. */
  added: ReadonlySet<string>;
}

/** Each field whose saved column this file no longer has, with that column ("MSRP"). */
export type MissingSavedColumns = ReadonlyMap<string, string>;

function NewBadge({ column, added }: { column: string; added: ReadonlySet<string> }) {
  return added.has(column) ? (
    <Badge variant="info" className="ml-1">
      New
    </Badge>
  ) : null;
}

function Samples({ values, id }: { values: string[] | undefined; id?: string }) {
  if (!values || values.length === 0) {
    return (
      <span id={id} className="text-muted-foreground">
        —
      </span>
    );
  }
  return (
    <ul id={id} aria-label="Sample values" className="flex min-w-0 flex-wrap gap-1">
      {values.map((value, index) => (
        <li key={index} className="max-w-48 truncate rounded bg-muted px-1.5 py-0.5 text-xs" title={value}>
          {value}
        </li>
      ))}
    </ul>
  );
}

/** Each product field beside the column it is read from (or "Not in this file") and that column's samples. */
export function MappingFieldRows({
  mapping,
  onChange,
  columns,
  samples,
  added,
  missingSaved,
}: MappingColumnsProps & { missingSaved: MissingSavedColumns }) {
  const id = useId();
  const fields = mappingFields.filter((field) => layoutReadsField(mapping.layout, field.key));
  return (
    <div className="overflow-x-auto rounded-md border">
      <table className="w-full text-sm">
        <caption className="sr-only">Fields and the columns they are read from</caption>
        <thead className="bg-muted/50 text-left">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              Field
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Column
            </th>
            <th scope="col" className="hidden px-3 py-2 font-medium md:table-cell">
              Sample values
            </th>
          </tr>
        </thead>
        <tbody>
          {fields.map((field) => {
            const chosen = fieldColumns(mapping, field.key)[0];
            const labelId = `${id}-${field.key}`;
            const samplesId = `${id}-${field.key}-samples`;
            return (
              <tr key={field.key} className="border-t align-top">
                <th scope="row" id={labelId} className="px-3 py-2 text-left font-medium">
                  {field.label}
                  {field.required ? (
                    <span className="font-normal text-muted-foreground"> (required)</span>
                  ) : null}
                </th>
                <td className="px-3 py-2">
                  <Select
                    value={chosen ?? none}
                    onValueChange={(value) =>
                      onChange((current) => setFieldColumn(current, field.key, value === none ? null : value))
                    }
                  >
                    <SelectTrigger
                      aria-labelledby={labelId}
                      aria-describedby={chosen ? samplesId : undefined}
                      className="w-full min-w-40 sm:w-60"
                    >
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      <SelectItem value={none}>{brandMappingText.notInFile}</SelectItem>
                      {columns.map((column) => (
                        <SelectItem key={column} value={column}>
                          {column}
                          {added.has(column) ? " (new)" : ""}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                  {missingSaved.has(field.key) ? (
                    <p className="mt-1 text-xs text-amber-800">
                      Was “{missingSaved.get(field.key)}”, missing from this file
                    </p>
                  ) : null}
                  {/* On a phone the samples go under the select. */}
                  <div className="mt-1.5 md:hidden">
                    {chosen ? <Samples values={samples.get(chosen)} /> : null}
                  </div>
                </td>
                <td className="hidden px-3 py-2 md:table-cell">
                  {chosen ? <Samples id={samplesId} values={samples.get(chosen)} /> : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

const roleLabels: Record<Exclude<ColumnRole, "field">, string> = {
  attribute: brandMappingText.keepAsAttribute,
  omit: brandMappingText.leaveOut,
  image: "Another image URL column",
  size: "Size column",
};

/**
 * The columns no field reads: kept as a named attribute of the style, left out, read as another
 * image URL column, or (sizes as columns) made a size column.
 */
export function MappingOtherColumns({ mapping, onChange, columns, samples, added }: MappingColumnsProps) {
  const id = useId();
  const others = otherColumns(mapping, columns);
  if (others.length === 0) return null;
  const roles = (Object.keys(roleLabels) as (keyof typeof roleLabels)[]).filter(
    (role) => role !== "size" || mapping.layout === "size-columns",
  );
  return (
    <div className="overflow-x-auto rounded-md border">
      <table className="w-full text-sm">
        <caption className="sr-only">Other columns</caption>
        <thead className="bg-muted/50 text-left">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              Column
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Use
            </th>
          </tr>
        </thead>
        <tbody>
          {others.map((column, index) => {
            const role = columnRole(mapping, column) as Exclude<ColumnRole, "field">;
            const nameId = `${id}-${index}`;
            const attribute = mapping.attributes.find((candidate) => candidate.column === column);
            return (
              <tr key={column} className="border-t align-top">
                <th scope="row" id={nameId} className="px-3 py-2 text-left font-medium">
                  <span className="break-words">{column}</span>
                  <NewBadge column={column} added={added} />
                  <div className="mt-1 font-normal">
                    <Samples values={samples.get(column)} />
                  </div>
                </th>
                <td className="px-3 py-2">
                  <div className="flex flex-col gap-1.5">
                    <Select
                      value={role}
                      onValueChange={(value) =>
                        onChange((current) =>
                          setColumnRole(current, column, value as keyof typeof roleLabels),
                        )
                      }
                    >
                      <SelectTrigger aria-label={`Use of ${column}`} className="w-full min-w-36">
                        <SelectValue />
                      </SelectTrigger>
                      <SelectContent>
                        {roles.map((option) => (
                          <SelectItem key={option} value={option}>
                            {roleLabels[option]}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                    {role === "attribute" && attribute ? (
                      <Input
                        aria-label={`Attribute name for ${column}`}
                        className="min-w-36"
                        value={attribute.name}
                        maxLength={100}
                        aria-invalid={attribute.name.trim() === "" ? true : undefined}
                        onChange={(event) => {
                          const name = event.target.value;
                          onChange((current) => setAttributeName(current, column, name));
                        }}
                        onBlur={() => {
                          if (attribute.name.trim() === "") {
                            onChange((current) => setAttributeName(current, column, column));
                          }
                        }}
                      />
                    ) : null}
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Sizes as columns: each size column with the size it stands for (prefilled from its header,
 * editable) and one of its values; "Not a size" leaves it out. Other columns become size columns
 * through their "Use".
 */
export function MappingSizeColumns({
  mapping,
  onChange,
  samples,
  added,
}: Omit<MappingColumnsProps, "columns">) {
  const id = useId();
  if (mapping.layout !== "size-columns") return null;
  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-2">
      <h3 id={`${id}-title`} className="text-sm font-medium">
        Size columns
      </h3>
      {mapping.sizeColumns.length === 0 ? (
        <p className="rounded-md border border-dashed px-3 py-4 text-sm text-muted-foreground">
          No column is a size yet: choose "Size column" as the use of each column that holds a size's SKU.
        </p>
      ) : (
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-6">
          {mapping.sizeColumns.map(({ column, size }) => (
            <li key={column} className="flex min-w-0 flex-col gap-1.5 rounded-md border p-2">
              <div className="flex min-w-0 items-center justify-between gap-1">
                <span className="truncate text-sm font-medium" title={column}>
                  {column}
                  <NewBadge column={column} added={added} />
                </span>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="size-7 shrink-0"
                  aria-label={`Not a size: ${column}`}
                  title="Not a size"
                  onClick={() => onChange((current) => setColumnRole(current, column, "omit"))}
                >
                  <XIcon aria-hidden="true" />
                </Button>
              </div>
              <Input
                aria-label={`Size of column ${column}`}
                value={size}
                maxLength={40}
                aria-invalid={size.trim() === "" ? true : undefined}
                onChange={(event) => {
                  const value = event.target.value;
                  onChange((current) => setSizeColumnSize(current, column, value));
                }}
                onBlur={() => {
                  if (size.trim() === "")
                    onChange((current) => setSizeColumnSize(current, column, column.trim()));
                }}
              />
              <span
                className="truncate text-xs text-muted-foreground tabular-nums"
                title={samples.get(column)?.[0]}
              >
                {samples.get(column)?.[0] ?? "—"}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Size labels the engine cannot read, once each, with the size each means (saved as value maps). */
export function MappingSizeLabels({
  labels,
  mapping,
  onChange,
}: {
  labels: string[];
  mapping: LineListMapping;
  onChange: MappingColumnsProps["onChange"];
}) {
  const id = useId();
  if (labels.length === 0) return null;
  return (
    <fieldset className="flex flex-col gap-2 rounded-md border border-amber-300 bg-amber-50/50 p-3">
      <legend className="px-1 text-sm font-medium">Sizes to identify</legend>
      <p className="text-sm text-muted-foreground">
        These size labels cannot be read. Say which size each one is (for example 8.5, EU 42 or M); the answer
        is remembered for this brand.
      </p>
      <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {labels.map((label, index) => (
          <li key={label} className="flex items-center gap-2">
            <label htmlFor={`${id}-${index}`} className="min-w-16 text-sm font-medium">
              “{label}”
            </label>
            <Input
              id={`${id}-${index}`}
              aria-label={`Size for “${label}”`}
              value={mapping.sizeLabels[label] ?? ""}
              maxLength={40}
              onChange={(event) => {
                const size = event.target.value;
                onChange((current) => setSizeLabel(current, label, size));
              }}
            />
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
