import {
  dateOrders,
  type LineListMapping,
  lineListLayouts,
  mappingMessages,
} from "@cm/contracts/line-list-mapping";
import type { InspectUploadData } from "@cm/contracts/line-list-mapping-api";
import { mappingProblems } from "@cm/contracts/mapping-engine/guess-mapping";
import { InfoIcon, LoaderCircleIcon } from "lucide-react";
import { useEffect, useId, useMemo, useState } from "react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, FieldError, FieldLabel } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import {
  MappingFieldRows,
  MappingOtherColumns,
  MappingSizeColumns,
  MappingSizeLabels,
} from "@/features/uploads/components/mapping-columns";
import { MappingPreviewTable } from "@/features/uploads/components/mapping-preview-table";
import {
  initialMapping,
  otherColumns,
  remapAfterReinspect,
  setDecimalSeparator,
  setLayout,
  setSeason,
  withBlanksFilled,
} from "@/features/uploads/utils/mapping-edit";
import { columnSamples, previewMapping, sampleSheetOf } from "@/features/uploads/utils/mapping-preview";
import { dateOrderLabels, decimalSeparatorLabels, layoutLabels } from "@/lib/api/brands/brand-mapping-text";
import { useDebouncedValue } from "@/hooks/use-debounced-value";
import { cn } from "@/lib/utils";

/** How long the live preview waits for more typing before it reads the rows again. */
export const mappingPreviewDelayMs = 60;

export interface MappingStepProps {
  brandName: string;
  /** The first inspect answer. */
  inspection: InspectUploadData;
  /** Reads the stored file again with another sheet or header row. */
  onReinspect: (input: { sheet?: string; headerRow?: number }) => Promise<InspectUploadData>;
  onBack: () => void;
  /** The confirmed mapping: the upload goes on to the preview with it. */
  onConfirm: (mapping: LineListMapping) => void;
}

/** A radio group of native radios: arrow keys move between the choices. */
function ChoiceGroup<T extends string>({
  legend,
  name,
  value,
  choices,
  onChange,
}: {
  legend: string;
  name: string;
  value: T;
  choices: { value: T; label: string; description?: string; detected?: boolean }[];
  onChange: (value: T) => void;
}) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm leading-none font-medium">{legend}</legend>
      <div className="flex flex-col gap-2 sm:flex-row">
        {choices.map((choice) => {
          const descriptionId = `${name}-${choice.value}-description`;
          return (
            <label
              key={choice.value}
              className="flex flex-1 cursor-pointer items-start gap-2 rounded-md border p-2.5 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/5 has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50"
            >
              <input
                type="radio"
                name={name}
                value={choice.value}
                checked={value === choice.value}
                onChange={() => onChange(choice.value)}
                aria-describedby={choice.description ? descriptionId : undefined}
                className="mt-0.5 accent-primary"
              />
              <span className="flex flex-col gap-0.5">
                <span className="font-medium">
                  {choice.label}
                  {choice.detected ? (
                    <span className="font-normal text-muted-foreground"> (detected)</span>
                  ) : null}
                </span>
                {/* The choice's name is its label; the description only describes it. */}
                {choice.description ? (
                  <span id={descriptionId} aria-hidden="true" className="text-xs text-muted-foreground">
                    {choice.description}
                  </span>
                ) : null}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/** The header row: a number, read again when the person stops typing or leaves the field. */
function HeaderRowField({
  value,
  disabled,
  error,
  onCommit,
}: {
  value: number;
  disabled: boolean;
  error: string | null;
  onCommit: (row: number) => void;
}) {
  const id = useId();
  const [text, setText] = useState(String(value));
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setText(String(value));
  }
  const row = Number(text);
  const valid = Number.isInteger(row) && row >= 1 && row <= 1000;

  useEffect(() => {
    if (!valid || row === value) return;
    const timer = setTimeout(() => onCommit(row), 600);
    return () => clearTimeout(timer);
    // onCommit reads the file again; the row typed is what counts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [row, valid, value]);

  return (
    <Field data-invalid={error || !valid ? true : undefined}>
      <FieldLabel htmlFor={id}>Header row</FieldLabel>
      <Input
        id={id}
        type="number"
        inputMode="numeric"
        min={1}
        max={1000}
        className="w-28"
        value={text}
        disabled={disabled}
        aria-invalid={error || !valid ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => setText(event.target.value)}
        onBlur={() => valid && row !== value && onCommit(row)}
        onKeyDown={(event) => {
          if (event.key === "Enter" && valid && row !== value) {
            event.preventDefault();
            onCommit(row);
          }
        }}
      />
      {error ? <FieldError id={`${id}-error`}>{error}</FieldError> : null}
    </Field>
  );
}

/** Season and year, for a file whose sheet name does not say them; prefilled with what the names suggest. */
function SeasonFields({
  season,
  onChange,
}: {
  season: LineListMapping["season"];
  onChange: (season: LineListMapping["season"]) => void;
}) {
  const id = useId();
  const [text, setText] = useState({ season: season?.season ?? "", year: season ? String(season.year) : "" });

  function update(next: { season: string; year: string }) {
    setText(next);
    const year = Number(next.year);
    const valid =
      next.season.trim() !== "" && /^\d{4}$/.test(next.year.trim()) && year >= 2000 && year <= 2100;
    onChange(valid ? { season: next.season.trim(), year } : null);
  }

  return (
    <div className="flex gap-3">
      <Field className="flex-1">
        <FieldLabel htmlFor={`${id}-season`}>Season</FieldLabel>
        <Input
          id={`${id}-season`}
          placeholder="Spring"
          maxLength={40}
          value={text.season}
          onChange={(event) => update({ ...text, season: event.target.value })}
        />
      </Field>
      <Field className="w-28">
        <FieldLabel htmlFor={`${id}-year`}>Year</FieldLabel>
        <Input
          id={`${id}-year`}
          inputMode="numeric"
          placeholder="2027"
          maxLength={4}
          value={text.year}
          onChange={(event) => update({ ...text, year: event.target.value })}
        />
      </Field>
    </div>
  );
}

/**
 * "Map columns" (issue 32, docs/line-list-mapping.md): the file's sheet, header row and layout,
 * each product field beside the column it is read from with three sample values, what becomes of
 * the other columns, the size labels to identify, season and year when the sheet's name does not
 * give them, and a live preview of the first styles as the upload will read them. "Preview line
 * list" stays disabled, with the reasons beside it, until the mapping can be read.
 */
export function MappingStep({
  brandName,
  inspection: first,
  onReinspect,
  onBack,
  onConfirm,
}: MappingStepProps) {
  const sheetId = useId();
  const problemsId = useId();
  const [inspection, setInspection] = useState(first);
  const [mapping, setMapping] = useState(() => initialMapping(first));
  const [reinspecting, setReinspecting] = useState(false);
  const [reinspectError, setReinspectError] = useState<string | null>(null);
  // Labels once unreadable stay listed while this file is mapped, so their inputs do not vanish
  // (and lose the focus) as soon as the answer typed makes them readable.
  const [unreadableSeen, setUnreadableSeen] = useState<string[]>([]);

  const sheet = useMemo(() => sampleSheetOf(inspection), [inspection]);
  const columns = useMemo(
    () => [...new Set(inspection.headers.map((header) => header.trim()).filter((header) => header !== ""))],
    [inspection],
  );
  const samples = useMemo(() => {
    const byIndex = columnSamples(inspection);
    const byColumn = new Map<string, string[]>();
    inspection.headers.forEach((header, index) => {
      const column = header.trim();
      if (column !== "" && !byColumn.has(column)) byColumn.set(column, byIndex[index] ?? []);
    });
    return byColumn;
  }, [inspection]);
  const added = useMemo(() => new Set(inspection.columnChanges.added), [inspection]);
  // The saved mapping's columns this file lacks, by the field they filled.
  const missingSaved = useMemo(() => {
    const missing = new Set(inspection.columnChanges.missing.map((column) => column.trim()));
    const byField = new Map<string, string>();
    for (const [key, value] of Object.entries(inspection.savedMapping?.fields ?? {})) {
      const column = Array.isArray(value) ? value[0] : value;
      if (column && missing.has(column.trim())) byField.set(key, column.trim());
    }
    return byField;
  }, [inspection]);

  const previewed = useDebouncedValue(mapping, mappingPreviewDelayMs);
  const result = useMemo(
    () => previewMapping(sheet, previewed, inspection.kind),
    [sheet, previewed, inspection.kind],
  );
  const stale = previewed !== mapping;

  const newlyUnreadable = result.unreadableSizes.filter((label) => !unreadableSeen.includes(label));
  if (newlyUnreadable.length > 0) setUnreadableSeen([...unreadableSeen, ...newlyUnreadable]);
  const sizeLabels = [
    ...unreadableSeen,
    ...Object.keys(mapping.sizeLabels).filter((label) => !unreadableSeen.includes(label)),
  ];

  const problems = mappingProblems(mapping, inspection.headers, {
    unreadableSizes: result.unreadableSizes,
    seasonFromSheet: inspection.seasonFromSheet !== null,
  });
  const blocked = problems.length > 0 || reinspecting;

  function confirm() {
    // The preview may be a moment behind the last change: the mapping sent is checked as it is.
    const confirmed = withBlanksFilled(mapping);
    const current = stale ? previewMapping(sheet, confirmed, inspection.kind) : result;
    const reasons = mappingProblems(confirmed, inspection.headers, {
      unreadableSizes: current.unreadableSizes,
      seasonFromSheet: inspection.seasonFromSheet !== null,
    });
    if (reasons.length === 0) onConfirm(confirmed);
  }

  async function reinspect(input: { sheet?: string; headerRow?: number }) {
    setReinspecting(true);
    setReinspectError(null);
    try {
      const next = await onReinspect({
        sheet: input.sheet ?? (inspection.kind === "csv" ? undefined : inspection.sheet),
        headerRow: input.headerRow,
      });
      setInspection(next);
      setMapping((current) => remapAfterReinspect(current, next));
      setUnreadableSeen([]);
    } catch (error) {
      setReinspectError(error instanceof Error ? error.message : String(error));
    } finally {
      setReinspecting(false);
    }
  }

  const update = (change: (current: LineListMapping) => LineListMapping) => setMapping(change);
  const hasOtherColumns = otherColumns(mapping, columns).length > 0;
  const detectedSeparator = inspection.csv?.decimalSeparator ?? null;
  const detectedDateOrder = inspection.mapping.dateOrder ?? null;

  return (
    <div className="flex flex-col gap-5">
      {inspection.status === "changed" ? (
        <Alert role="status">
          <InfoIcon aria-hidden="true" />
          <AlertTitle>{mappingMessages.headersChanged(brandName)}</AlertTitle>
          <AlertDescription>
            <p>The saved choices are applied where the columns are still there.</p>
            {inspection.columnChanges.added.length > 0 ? (
              <p>New columns: {inspection.columnChanges.added.join(", ")}</p>
            ) : null}
            {inspection.columnChanges.missing.length > 0 ? (
              <p>Missing columns: {inspection.columnChanges.missing.join(", ")}</p>
            ) : null}
          </AlertDescription>
        </Alert>
      ) : null}

      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-4">
        {inspection.sheets.length > 1 ? (
          <Field>
            <FieldLabel htmlFor={sheetId}>Sheet</FieldLabel>
            <Select
              value={inspection.sheet}
              disabled={reinspecting}
              onValueChange={(value) => void reinspect({ sheet: value })}
            >
              <SelectTrigger id={sheetId} className="w-full">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {inspection.sheets.map((name) => (
                  <SelectItem key={name} value={name}>
                    {name}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </Field>
        ) : null}
        <HeaderRowField
          value={inspection.headerRow}
          disabled={reinspecting}
          error={reinspectError}
          onCommit={(headerRow) => void reinspect({ headerRow })}
        />
        {inspection.seasonFromSheet === null ? (
          <SeasonFields
            // Prefilled again when another sheet suggests another season.
            key={`${inspection.sheet}-${inspection.headerRow}`}
            season={mapping.season}
            onChange={(season) => update((current) => setSeason(current, season))}
          />
        ) : (
          <p className="self-end text-sm text-muted-foreground">
            Season: {inspection.seasonFromSheet.season} {inspection.seasonFromSheet.year} (from the sheet's
            name)
          </p>
        )}
        {reinspecting ? (
          <p role="status" className="flex items-center gap-2 self-end text-sm text-muted-foreground">
            <LoaderCircleIcon aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" />
            Reading the columns…
          </p>
        ) : null}
      </div>

      <div className="grid gap-4 lg:grid-cols-2">
        <ChoiceGroup
          legend="Layout"
          name={`${sheetId}-layout`}
          value={mapping.layout}
          choices={lineListLayouts.map((layout) => ({
            value: layout,
            ...layoutLabels[layout],
            detected: layout === inspection.mapping.layout,
          }))}
          onChange={(layout) =>
            update((current) => setLayout(current, layout, inspection.headers, inspection.mapping))
          }
        />
        {inspection.kind === "csv" ? (
          <ChoiceGroup
            legend="Decimal separator in prices"
            name={`${sheetId}-decimal`}
            value={mapping.decimalSeparator ?? "."}
            choices={([".", ","] as const).map((separator) => ({
              value: separator,
              label: decimalSeparatorLabels[separator],
              detected: separator === detectedSeparator,
            }))}
            onChange={(separator) => update((current) => setDecimalSeparator(current, separator))}
          />
        ) : null}
        {/* Only where the ship date column holds text dates such as 03/04/2027. */}
        {(mapping.dateOrder ?? detectedDateOrder) ? (
          <ChoiceGroup
            legend="Ship dates written"
            name={`${sheetId}-date-order`}
            value={mapping.dateOrder ?? detectedDateOrder!}
            choices={dateOrders.map((order) => ({
              value: order,
              label: dateOrderLabels[order],
              detected: order === detectedDateOrder,
            }))}
            onChange={(dateOrder) => update((current) => ({ ...current, dateOrder }))}
          />
        ) : null}
      </div>

      <div className={cn("grid gap-4", hasOtherColumns && "xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]")}>
        <div className="flex min-w-0 flex-col gap-2">
          <h3 className="text-sm font-medium">Fields</h3>
          <MappingFieldRows
            missingSaved={missingSaved}
            mapping={mapping}
            onChange={update}
            columns={columns}
            samples={samples}
            added={added}
          />
        </div>
        {hasOtherColumns ? (
          <div className="flex min-w-0 flex-col gap-2">
            <h3 className="text-sm font-medium">Other columns</h3>
            <MappingOtherColumns
              mapping={mapping}
              onChange={update}
              columns={columns}
              samples={samples}
              added={added}
            />
          </div>
        ) : null}
      </div>

      <MappingSizeColumns mapping={mapping} onChange={update} samples={samples} added={added} />

      <MappingSizeLabels labels={sizeLabels} mapping={mapping} onChange={update} />

      <MappingPreviewTable
        result={result}
        stale={stale}
        rowCount={inspection.rowCount}
        sampleRows={inspection.rows.length}
        listed={problems}
      />

      <div className="sticky -bottom-6 -mx-6 -mb-6 flex flex-col gap-3 border-t bg-background px-6 py-4 sm:flex-row sm:items-center sm:justify-between">
        <ul id={problemsId} aria-live="polite" className="text-sm text-destructive empty:hidden">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
        <div className="flex flex-col-reverse gap-2 sm:ml-auto sm:flex-row">
          <Button variant="outline" onClick={onBack}>
            Back
          </Button>
          <Button
            disabled={blocked}
            aria-describedby={problems.length > 0 ? problemsId : undefined}
            onClick={confirm}
          >
            {mappingMessages.confirm}
          </Button>
        </div>
      </div>
    </div>
  );
}
