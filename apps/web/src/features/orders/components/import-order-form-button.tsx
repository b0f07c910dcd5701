import {
  type OrderFormError,
  type OrderFormPreview,
  orderFormMessages,
  orderFormPreviewSavable,
} from "@cm/contracts/order-forms";
import { orderMessages, orderTypeWithSource } from "@cm/contracts/orders";
import { uploadLimits } from "@cm/contracts/uploads";
import { AlertCircleIcon, FileUpIcon } from "lucide-react";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "@/lib/toast";
import { Combobox } from "@/components/combobox";
import { ChosenFile, FileDropZone } from "@/components/file-drop-zone";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Field, FieldDescription, FieldLabel } from "@/components/ui/field";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { paths } from "@/config/paths";
import { useCreateOrder } from "@/features/orders/api/create-order";
import { useOrderFormPreview } from "@/features/orders/api/order-form-preview";
import { OrderGrid } from "@/features/orders/components/order-grid";
import { OrderTotals } from "@/features/orders/components/order-totals";
import {
  activeStoreOptions,
  useOrderCustomerOptions,
} from "@/features/orders/hooks/use-order-create-options";
import { moneyToCents } from "@/features/orders/utils/order-grid-money";
import {
  gridStyleKey,
  type OrderGridLineList,
  type OrderGridQuantities,
  type OrderGridStyle,
} from "@/features/orders/utils/order-grid";
import { formatFileSize } from "@/lib/format";
import { uiText } from "@/lib/ui-text";

interface ImportPreset {
  organizationId?: number;
  storeId?: number;
}

/** The preview's lines as a read-only order grid: its styles by the sizes the form asks for. */
function previewGrid(preview: OrderFormPreview): {
  lineList: OrderGridLineList;
  quantities: OrderGridQuantities;
} {
  const styles = new Map<number, OrderGridStyle>();
  const quantities: Record<string, Record<string, number>> = {};
  for (const line of preview.lines) {
    let style = styles.get(line.productId);
    if (!style) {
      style = {
        productId: line.productId,
        modelCode: line.modelCode,
        name: line.styleName,
        color: line.color,
        imageUrl: line.imageUrl,
        msrp: line.msrp,
        unitWhs: line.unitWhs,
        sizes: [],
      };
      styles.set(line.productId, style);
    }
    style.sizes.push({ sku: line.sku, size: line.size });
    (quantities[gridStyleKey(preview.lineList.id, line.productId)] ??= {})[line.sku] = line.quantity;
  }
  const { id, name, brandId, brandName, deadline, dateOfAvailability } = preview.lineList;
  return {
    lineList: { id, name, brandId, brandName, deadline, dateOfAvailability, styles: [...styles.values()] },
    quantities,
  };
}

/** What the form names as its customer and store, as written ("Sole Mates · Beach Store"). */
function namedText(preview: OrderFormPreview): string {
  return [preview.named.customerName, preview.named.storeName].filter(Boolean).join(" · ");
}

/** Whether the form names a customer or store other than the one the preview is for. */
function namedElsewhere(preview: OrderFormPreview): boolean {
  const { named } = preview;
  if (named.match) return named.match.storeId !== preview.store.id;
  return named.customerName !== null || named.storeName !== null;
}

/** "F (M8)": the column's letter and, in the size columns, its size. */
function columnText(error: OrderFormError): string {
  if (!error.column) return "—";
  return error.size ? `${error.column} (${error.size})` : error.column;
}

/** Every cell of the form that cannot become a line, where it is and why. */
function PreviewErrors({ preview }: { preview: OrderFormPreview }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-2">
      <Alert variant="destructive">
        <AlertCircleIcon aria-hidden="true" />
        <AlertTitle id={titleId}>{orderFormMessages.cellsRefused(preview.errorCount)}</AlertTitle>
        <AlertDescription>
          <p>{orderFormMessages.fixErrors}</p>
          {preview.errorCount > preview.errors.length && (
            <p>{orderFormMessages.moreErrors(preview.errors.length, preview.errorCount)}</p>
          )}
        </AlertDescription>
      </Alert>
      <div className="max-h-72 overflow-auto rounded-lg border">
        <Table aria-labelledby={titleId} className="min-w-xl">
          <TableHeader className="sticky top-0 bg-muted">
            <TableRow>
              <TableHead className="w-16 text-right">Row</TableHead>
              <TableHead className="w-28">Column</TableHead>
              <TableHead className="w-40">Style</TableHead>
              <TableHead className="w-24">Value</TableHead>
              <TableHead>Reason</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {preview.errors.map((error, index) => (
              <TableRow key={index}>
                <TableCell className="text-right tabular-nums">{error.row ?? "—"}</TableCell>
                <TableCell>{columnText(error)}</TableCell>
                <TableCell className="truncate">{error.modelCode ?? "—"}</TableCell>
                <TableCell className="truncate font-mono text-xs">{error.value ?? "—"}</TableCell>
                <TableCell className="whitespace-normal">{error.reason}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </section>
  );
}

/** What the form asks for: the line list, the store, the totals, the errors and the lines. */
function PreviewResult({ preview }: { preview: OrderFormPreview }) {
  const grid = useMemo(() => previewGrid(preview), [preview]);
  const cents = moneyToCents(preview.totals.totalWhs) ?? 0;
  const empty = preview.lines.length === 0 && preview.errorCount === 0;
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <div
        role="region"
        aria-label="Order form total"
        className="flex flex-wrap items-baseline justify-between gap-x-6 gap-y-1 rounded-lg border bg-muted/40 px-3 py-2 text-sm"
      >
        <p>
          <span className="font-medium">{orderTypeWithSource(preview.lineList.orderType)}</span> order for{" "}
          <span className="font-medium">
            {preview.store.organizationName} · {preview.store.name}
          </span>
          <span className="text-muted-foreground">
            {" "}
            · {preview.totals.lines.toLocaleString("en-US")} {preview.totals.lines === 1 ? "line" : "lines"}
          </span>
        </p>
        <OrderTotals units={preview.totals.units} cents={cents} size="large" />
      </div>
      {preview.errorCount > 0 && <PreviewErrors preview={preview} />}
      {empty ? (
        <p className="rounded-lg border px-3 py-6 text-center text-sm text-muted-foreground">
          {orderFormMessages.noQuantities}
        </p>
      ) : (
        preview.lines.length > 0 && (
          <OrderGrid
            lineList={grid.lineList}
            quantities={grid.quantities}
            emptyText={orderFormMessages.noQuantities}
          />
        )
      )}
    </div>
  );
}

/** The dialog's body: mounted while open, so it starts from the presets each time. */
function ImportOrderFormDialog({ preset, onClose }: { preset: ImportPreset; onClose: () => void }) {
  const id = useId();
  const navigate = useNavigate();
  const options = useOrderCustomerOptions();
  const [choice, setChoice] = useState<ImportPreset>(preset);
  const [file, setFile] = useState<File | null>(null);
  const preview = useOrderFormPreview();
  const creation = useCreateOrder();

  // A preset store names its customer; a store is kept only while it is one of the customer's.
  const organizationId =
    choice.organizationId ??
    (choice.storeId === undefined ? undefined : options.storesById.get(choice.storeId)?.organizationId);
  const storeOptions = useMemo(
    () => activeStoreOptions(options.storesById, organizationId),
    [options.storesById, organizationId],
  );
  const storeId = storeOptions.some((option) => option.value === String(choice.storeId))
    ? choice.storeId
    : undefined;
  const noStores = organizationId !== undefined && !options.storesLoading && storeOptions.length === 0;

  // Each file and store gives its own preview: the file is uploaded again for another store, since
  // the server keeps nothing of an import. With no customer chosen, the first preview is for the
  // store the form names, which is then proposed as the choice (and not previewed a second time).
  const { mutate: runPreview, reset: resetPreview } = preview;
  const answeredFor = useRef<{ file: File; storeId: number } | null>(null);
  useEffect(() => {
    if (!file || (storeId === undefined && organizationId !== undefined)) {
      resetPreview();
      return;
    }
    if (answeredFor.current?.file === file && answeredFor.current.storeId === storeId) return;
    runPreview(
      { file, storeId },
      {
        onSuccess: (answer) => {
          answeredFor.current = { file, storeId: answer.store.id };
          if (storeId === undefined) {
            setChoice({ organizationId: answer.store.organizationId, storeId: answer.store.id });
          }
        },
      },
    );
  }, [file, storeId, organizationId, runPreview, resetPreview]);
  const asked = preview.variables;
  const current =
    asked?.file === file &&
    (asked.storeId === storeId || (asked.storeId === undefined && preview.data?.store.id === storeId));
  const data = current ? preview.data : undefined;
  const canSave = data !== undefined && orderFormPreviewSavable(data) && !creation.isPending;
  // No store chosen and none the form names: a hint to choose, not an error.
  const notNamed = current && preview.isError && preview.error.message === orderFormMessages.storeNotNamed;

  function save() {
    if (!data || !canSave) return;
    creation.mutate(
      {
        storeId: data.store.id,
        orderType: data.lineList.orderType,
        lines: data.lines.map(({ lineListId, sku, quantity }) => ({ lineListId, sku, quantity })),
      },
      {
        onSuccess: (order) => {
          toast.success(orderMessages.created);
          onClose();
          void navigate(paths.home.orders.detail.getHref(order.id));
        },
        onError: (error) => toast.error(orderMessages.createFailed, { description: error.message }),
      },
    );
  }

  return (
    <>
      <DialogHeader>
        <DialogTitle>Import order form</DialogTitle>
        <DialogDescription>
          Drop the filled order form: the customer and store it names are proposed, and you can change them.
          Its lines, totals and every cell that cannot be ordered are shown before the order is saved.
        </DialogDescription>
      </DialogHeader>

      <div className="grid gap-4 sm:grid-cols-2">
        <Field>
          <FieldLabel htmlFor={`${id}-customer`}>Customer</FieldLabel>
          <Combobox
            id={`${id}-customer`}
            options={options.customerOptions}
            value={organizationId === undefined ? null : String(organizationId)}
            onValueChange={(value) =>
              setChoice({
                organizationId: Number(value),
                storeId: Number(value) === organizationId ? storeId : undefined,
              })
            }
            placeholder={options.customersLoading ? "Loading customers..." : "Select a customer"}
            searchPlaceholder="Search customers"
            disabled={options.customersLoading}
          />
        </Field>
        <Field>
          <FieldLabel htmlFor={`${id}-store`}>Store</FieldLabel>
          <Combobox
            id={`${id}-store`}
            options={storeOptions}
            value={storeId === undefined ? null : String(storeId)}
            onValueChange={(value) => setChoice({ organizationId, storeId: Number(value) })}
            placeholder={organizationId === undefined ? "Select a customer first" : "Select a store"}
            searchPlaceholder="Search stores"
            disabled={organizationId === undefined || noStores}
            aria-describedby={noStores ? `${id}-no-stores` : undefined}
          />
          {noStores && (
            <FieldDescription id={`${id}-no-stores`}>{orderMessages.noActiveStores}</FieldDescription>
          )}
        </Field>
      </div>

      {file ? (
        <ChosenFile file={file} disabled={creation.isPending} onRemove={() => setFile(null)} />
      ) : (
        <FileDropZone
          label="Choose the filled order form"
          hint={`The .xlsx downloaded with Download Forms, up to ${formatFileSize(uploadLimits.defaultMaxFileBytes).replace(".00", "")}`}
          accept=".xlsx,.xls,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel"
          onFile={setFile}
        />
      )}

      <div
        aria-live="polite"
        aria-busy={current && preview.isPending}
        className="flex min-w-0 flex-col gap-4"
      >
        {file && storeId === undefined && organizationId !== undefined && (
          <p className="text-sm text-muted-foreground">
            Choose the store to see the form's lines and prices.
          </p>
        )}
        {notNamed && <p className="text-sm text-muted-foreground">{orderFormMessages.storeNotNamed}</p>}
        {data && asked?.storeId === undefined && (
          <p role="status" className="text-sm">
            {orderFormMessages.namedProposal(data.store.organizationName, data.store.name)}
          </p>
        )}
        {data && asked?.storeId !== undefined && namedElsewhere(data) && (
          <p role="status" className="flex flex-wrap items-center gap-x-2 text-sm">
            {orderFormMessages.namedDiffers(namedText(data))}
            {data.named.match && (
              <Button
                type="button"
                variant="link"
                className="h-auto p-0"
                onClick={() => setChoice({ ...data.named.match! })}
              >
                {orderFormMessages.useNamed}
              </Button>
            )}
          </p>
        )}
        {current && preview.isPending && (
          <div className="flex flex-col gap-2">
            <p className="text-sm text-muted-foreground">Reading the order form...</p>
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-32 w-full" />
          </div>
        )}
        {current && preview.isError && !notNamed && (
          <Alert variant="destructive">
            <AlertCircleIcon aria-hidden="true" />
            <AlertTitle>{orderFormMessages.previewFailed}</AlertTitle>
            <AlertDescription>{preview.error.message}</AlertDescription>
          </Alert>
        )}
        {data && <PreviewResult preview={data} />}
      </div>

      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button type="button" disabled={!canSave} onClick={save}>
          {creation.isPending ? uiText.saving : "Save order"}
        </Button>
      </DialogFooter>
    </>
  );
}

/**
 * Import order form: drop a filled form, confirm or change the customer and store it names, review
 * its lines, totals and row errors, then save it as an order (and open it).
 */
export function ImportOrderFormButton({ organizationId, storeId }: ImportPreset) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="button" variant="outline" onClick={() => setOpen(true)}>
        <FileUpIcon aria-hidden="true" />
        Import order form
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="sm:max-w-5xl">
          {open && (
            <ImportOrderFormDialog preset={{ organizationId, storeId }} onClose={() => setOpen(false)} />
          )}
        </DialogContent>
      </Dialog>
    </>
  );
}
