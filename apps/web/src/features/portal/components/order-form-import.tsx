import type { OrderFormError } from "@cm/contracts/order-forms";
import { portalOrderMessages } from "@cm/contracts/portal-orders";
import { portalOrderFormMessages, type PortalOrderFormLine } from "@cm/contracts/portal-users";
import { FileUpIcon } from "lucide-react";
import { useId, useRef, useState } from "react";
import { toast } from "@/lib/toast";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { usePreviewPortalOrderForm } from "@/lib/api/portal/portal-order-form";

/** Where a refused cell is, as the spreadsheet names it. */
function cellName(error: OrderFormError): string {
  const place = error.column !== null && error.row !== null ? `${error.column}${error.row}` : null;
  const what = [error.modelCode, error.size].filter(Boolean).join(" ");
  return [place, what].filter(Boolean).join(" · ");
}

/**
 * "Import order form": the filled XLSX is read for the store (nothing stored); the lines it may
 * order go to `onLines` (the caller adds them to the cart) and the refused cells are listed with
 * why.
 */
export function OrderFormImport({
  storeId,
  onLines,
}: {
  storeId: number;
  onLines: (lines: PortalOrderFormLine[]) => void;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const preview = usePreviewPortalOrderForm();
  const [refused, setRefused] = useState<{ cells: OrderFormError[]; count: number } | null>(null);

  function read(file: File) {
    setRefused(null);
    preview.mutate(
      { storeId, file },
      {
        onSuccess: (result) => {
          onLines(result.lines);
          toast.success(portalOrderMessages.formImported(result.lines.length));
          if (result.refusedCount > 0) setRefused({ cells: result.refused, count: result.refusedCount });
        },
        onError: (error) => {
          console.error(error);
          toast.error(portalOrderFormMessages.importFailed, { description: error.message });
        },
      },
    );
  }

  return (
    <div className="flex flex-col gap-3">
      <input
        ref={input}
        id={`${id}-file`}
        type="file"
        accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          const file = event.target.files?.[0];
          // The same file can be chosen again after it is corrected.
          event.target.value = "";
          if (file) read(file);
        }}
      />
      <div>
        <Button variant="outline" disabled={preview.isPending} onClick={() => input.current?.click()}>
          <FileUpIcon aria-hidden="true" />
          {portalOrderFormMessages.importButton}
        </Button>
      </div>
      {refused ? (
        <Alert variant="destructive" aria-live="polite">
          <AlertTitle>{portalOrderFormMessages.refusedTitle(refused.count)}</AlertTitle>
          <AlertDescription>
            <ul className="flex list-disc flex-col gap-1 pl-4">
              {refused.cells.map((cell, index) => (
                <li key={index}>
                  {cellName(cell) ? <span className="font-medium">{cellName(cell)}: </span> : null}
                  {cell.reason}
                </li>
              ))}
            </ul>
          </AlertDescription>
        </Alert>
      ) : null}
    </div>
  );
}
