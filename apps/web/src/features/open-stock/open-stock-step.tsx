import {
  type OpenStockColumns,
  type OpenStockPreviewData,
  openStockLimits,
  openStockMessages,
} from "@cm/contracts/open-stock";
import { uploadLimits } from "@cm/contracts/uploads";
import { AlertCircleIcon, CheckIcon, InfoIcon } from "lucide-react";
import { useId, useState } from "react";
import { toast } from "@/lib/toast";
import { ChosenFile, FileDropZone } from "@/components/file-drop-zone";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, FieldDescription, FieldLabel } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import {
  type OpenStockPreviewAnswer,
  type OpenStockPreviewRequest,
  useApplyOpenStock,
  useOpenStockPreview,
} from "@/features/open-stock/api/open-stock";
import { formatFileSize } from "@/lib/format";

const accept =
  ".xlsx,.xls,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel,text/csv";

export interface OpenStockStepProps {
  /** After the quantities were applied (a toast said so). */
  onDone: () => void;
  /** Back, without applying. */
  onCancel: () => void;
}

type Choice = { sku: string | null; quantity: string | null };

/** A column picker: the file's headers, each with its first values beside it. */
function ColumnSelect({
  label,
  value,
  preview,
  onChange,
  disabled,
}: {
  label: string;
  value: string | null;
  preview: OpenStockPreviewData;
  onChange: (column: string) => void;
  disabled: boolean;
}) {
  const id = useId();
  const index = value === null ? -1 : preview.headers.indexOf(value);
  const samples = index >= 0 ? (preview.samples[index] ?? []) : [];
  return (
    <Field>
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      <Select value={value ?? ""} onValueChange={onChange} disabled={disabled}>
        <SelectTrigger id={id} aria-describedby={`${id}-samples`}>
          <SelectValue placeholder="Choose a column" />
        </SelectTrigger>
        <SelectContent>
          {preview.headers.map((header, column) =>
            header === "" ? null : (
              <SelectItem key={`${column}-${header}`} value={header}>
                {header}
                <span className="ml-2 truncate text-xs text-muted-foreground">
                  {(preview.samples[column] ?? []).join(", ")}
                </span>
              </SelectItem>
            ),
          )}
        </SelectContent>
      </Select>
      <FieldDescription id={`${id}-samples`} className="truncate">
        {samples.length > 0 ? `e.g. ${samples.join(", ")}` : "\u00a0"}
      </FieldDescription>
    </Field>
  );
}

/** What applying the file would do: the counts, the unknown SKUs and the rows left out. */
function PreviewFigures({ preview }: { preview: OpenStockPreviewData }) {
  const unknownId = useId();
  const errorsId = useId();
  const counts = preview.counts;
  if (!counts) return null;
  return (
    <div className="flex flex-col gap-3">
      <p role="status" className="flex items-center gap-2 text-sm font-medium">
        <CheckIcon aria-hidden="true" className="size-4 text-emerald-700" />
        {openStockMessages.counts(counts.updated, counts.unknown)}
      </p>
      {counts.duplicates > 0 && (
        <p className="text-sm text-muted-foreground">{openStockMessages.duplicateSkus(counts.duplicates)}</p>
      )}
      {preview.unknownSkus.length > 0 && (
        <section aria-labelledby={unknownId} className="flex flex-col gap-1">
          <h3 id={unknownId} className="text-sm font-medium">
            {openStockMessages.unknownSkusTitle}
          </h3>
          <ul className="max-h-32 overflow-auto rounded-md border px-3 py-2 font-mono text-xs">
            {preview.unknownSkus.map((sku) => (
              <li key={sku}>{sku}</li>
            ))}
          </ul>
          {counts.unknown > preview.unknownSkus.length && (
            <p className="text-xs text-muted-foreground">
              {openStockMessages.moreUnknownSkus(preview.unknownSkus.length, counts.unknown)}
            </p>
          )}
        </section>
      )}
      {counts.rowErrors > 0 && (
        <section aria-labelledby={errorsId} className="flex flex-col gap-1">
          <h3 id={errorsId} className="text-sm font-medium text-destructive">
            {openStockMessages.rowErrorsTitle(counts.rowErrors)}
          </h3>
          <ul className="max-h-32 overflow-auto rounded-md border px-3 py-2 text-xs">
            {preview.rowErrors.map((error, index) => (
              <li key={index}>
                {error.row === null ? "" : `Row ${error.row}: `}
                {error.message}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

/**
 * Open Stock, as a step of the Upload Inventory dialog: a workbook or CSV of SKUs and quantities
 * is uploaded and read; the columns used (saved for the file's layout, or guessed) can be changed,
 * each with its first values; the counts say what applying would do, and Apply sets the quantities.
 */
export function OpenStockStep({ onDone, onCancel }: OpenStockStepProps) {
  const headerRowId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [answer, setAnswer] = useState<OpenStockPreviewAnswer | null>(null);
  const [choice, setChoice] = useState<Choice>({ sku: null, quantity: null });
  const [headerRowText, setHeaderRowText] = useState("");
  const previewing = useOpenStockPreview();
  const applying = useApplyOpenStock();
  const busy = previewing.isPending || applying.isPending;
  const preview = answer?.preview;

  function ask(request: OpenStockPreviewRequest) {
    previewing.mutate(request, {
      onSuccess: (next) => {
        setAnswer(next);
        setChoice(next.preview.columns);
        setHeaderRowText(String(next.preview.headerRow));
      },
    });
  }

  function chooseFile(next: File) {
    setFile(next);
    setAnswer(null);
    ask({ file: next });
  }

  function reset() {
    previewing.reset();
    setFile(null);
    setAnswer(null);
  }

  function chooseColumn(field: keyof Choice, column: string) {
    const next = { ...choice, [field]: column };
    setChoice(next);
    if (!answer || next.sku === null || next.quantity === null) return;
    ask({
      stored: answer.stored,
      ...(answer.preview.sheet !== null && { sheet: answer.preview.sheet }),
      headerRow: answer.preview.headerRow,
      columns: next as OpenStockColumns,
    });
  }

  function chooseSheet(sheet: string) {
    if (answer) ask({ stored: answer.stored, sheet });
  }

  function chooseHeaderRow() {
    const row = Number(headerRowText);
    if (!answer || !Number.isInteger(row) || row < 1 || row > openStockLimits.maxHeaderRow) {
      setHeaderRowText(answer ? String(answer.preview.headerRow) : "");
      return;
    }
    if (row === answer.preview.headerRow) return;
    ask({
      stored: answer.stored,
      ...(answer.preview.sheet !== null && { sheet: answer.preview.sheet }),
      headerRow: row,
    });
  }

  // The columns as chosen here, which a change not yet previewed may differ from.
  const changed =
    preview !== undefined &&
    (choice.sku !== preview.columns.sku || choice.quantity !== preview.columns.quantity);
  const canApply =
    preview !== undefined &&
    !changed &&
    !busy &&
    preview.problems.length === 0 &&
    (preview.counts?.updated ?? 0) > 0 &&
    choice.sku !== null &&
    choice.quantity !== null;

  function apply() {
    if (!answer || !canApply) return;
    applying.mutate(
      {
        ...answer.stored,
        ...(answer.preview.sheet !== null && { sheet: answer.preview.sheet }),
        headerRow: answer.preview.headerRow,
        columns: choice as OpenStockColumns,
      },
      {
        onSuccess: (counts) => {
          toast.success(openStockMessages.applied, {
            description: openStockMessages.appliedDescription(counts.updated),
          });
          onDone();
        },
        onError: (error) => toast.error(openStockMessages.applyFailed, { description: error.message }),
      },
    );
  }

  const missing =
    preview && choice.sku === null
      ? openStockMessages.chooseSkuColumn
      : preview && choice.quantity === null
        ? openStockMessages.chooseQuantityColumn
        : null;
  const problems = preview ? [...new Set([...(missing ? [missing] : []), ...preview.problems])] : [];
  const nothingKnown =
    preview?.counts && preview.counts.updated === 0 ? openStockMessages.nothingToApply : null;

  return (
    <div className="flex min-w-0 flex-col gap-4">
      {file ? (
        <ChosenFile file={file} disabled={busy} onRemove={reset} />
      ) : (
        <FileDropZone
          label="Choose a stock file"
          hint={`${openStockMessages.fileHint}, up to ${formatFileSize(uploadLimits.defaultMaxFileBytes).replace(".00", "")}`}
          accept={accept}
          onFile={chooseFile}
        />
      )}

      <div aria-live="polite" aria-busy={previewing.isPending} className="flex min-w-0 flex-col gap-4">
        {previewing.isPending && !preview && (
          <div className="flex flex-col gap-2">
            <p className="text-sm text-muted-foreground">Reading the file...</p>
            <Skeleton className="h-9 w-full" />
            <Skeleton className="h-16 w-full" />
          </div>
        )}
        {previewing.isError && (
          <Alert variant="destructive">
            <AlertCircleIcon aria-hidden="true" />
            <AlertTitle>{openStockMessages.previewFailed}</AlertTitle>
            <AlertDescription>{previewing.error.message}</AlertDescription>
          </Alert>
        )}
        {preview && (
          <>
            {preview.source === "saved" && (
              <p className="flex items-center gap-2 text-sm text-muted-foreground">
                <InfoIcon aria-hidden="true" className="size-4" />
                {openStockMessages.savedLayoutUsed}
              </p>
            )}
            <div className="grid gap-4 sm:grid-cols-2">
              {preview.sheets.length > 1 && (
                <Field>
                  <FieldLabel htmlFor={`${headerRowId}-sheet`}>Sheet</FieldLabel>
                  <Select value={preview.sheet ?? ""} onValueChange={chooseSheet} disabled={busy}>
                    <SelectTrigger id={`${headerRowId}-sheet`}>
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      {preview.sheets.map((sheet) => (
                        <SelectItem key={sheet} value={sheet}>
                          {sheet}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                </Field>
              )}
              <Field>
                <FieldLabel htmlFor={headerRowId}>Header row</FieldLabel>
                <Input
                  id={headerRowId}
                  inputMode="numeric"
                  value={headerRowText}
                  disabled={busy}
                  onChange={(event) => setHeaderRowText(event.target.value.replace(/\D/g, ""))}
                  onBlur={chooseHeaderRow}
                  onKeyDown={(event) => {
                    if (event.key === "Enter") chooseHeaderRow();
                  }}
                />
              </Field>
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              <ColumnSelect
                label="SKU or UPC column"
                value={choice.sku}
                preview={preview}
                disabled={busy}
                onChange={(column) => chooseColumn("sku", column)}
              />
              <ColumnSelect
                label="Quantity column"
                value={choice.quantity}
                preview={preview}
                disabled={busy}
                onChange={(column) => chooseColumn("quantity", column)}
              />
            </div>
            {problems.length > 0 && (
              <ul className="flex flex-col gap-1 text-sm text-destructive">
                {problems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            )}
            {!changed && <PreviewFigures preview={preview} />}
            {nothingKnown && problems.length === 0 && (
              <p className="text-sm text-destructive">{nothingKnown}</p>
            )}
          </>
        )}
      </div>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel} disabled={applying.isPending}>
          Back
        </Button>
        <Button onClick={apply} disabled={!canApply}>
          {applying.isPending ? "Applying..." : openStockMessages.apply}
        </Button>
      </div>
    </div>
  );
}
