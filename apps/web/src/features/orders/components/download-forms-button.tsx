import { lineListTypeLabels } from "@cm/contracts/line-lists";
import { type OrderFormLineList, orderFormMessages } from "@cm/contracts/order-forms";
import { DownloadIcon, FileDownIcon } from "lucide-react";
import { useId, useMemo, useState } from "react";
import { toast } from "@/lib/toast";
import { Combobox, type ComboboxOption } from "@/components/combobox";
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
import { useOrderFormLineLists } from "@/features/orders/api/get-order-form-line-lists";
import { useDownloadOrderForm } from "@/features/orders/api/order-form-download";
import { useOrderCustomerOptions } from "@/features/orders/hooks/use-order-create-options";
import { formatDateLong } from "@/lib/format";

function lineListOption(lineList: OrderFormLineList): ComboboxOption {
  const dates = [
    lineList.deadline && `Deadline ${formatDateLong(lineList.deadline)}`,
    lineList.dateOfAvailability && `Available ${formatDateLong(lineList.dateOfAvailability)}`,
  ].filter(Boolean);
  return {
    value: String(lineList.id),
    label: `${lineList.brandName} · ${lineList.name}`,
    description: [lineListTypeLabels[lineList.type], ...dates].join(" · "),
    keywords: [lineListTypeLabels[lineList.type]],
  };
}

/** The dialog's body: only mounted while open, so the line lists load when it is first opened. */
function DownloadFormsDialog({ onDone }: { onDone: () => void }) {
  const id = useId();
  const offer = useOrderFormLineLists();
  const download = useDownloadOrderForm();
  const [lineListId, setLineListId] = useState<number>();
  const [storeId, setStoreId] = useState<number>();
  const customers = useOrderCustomerOptions();
  // Every active store of an active customer, as "Customer · Store".
  const storeOptions = useMemo((): ComboboxOption[] => {
    const customerNames = new Map(customers.customerOptions.map((option) => [option.value, option.label]));
    return [...customers.storesById.values()]
      .filter((store) => store.status === "active" && customerNames.has(String(store.organizationId)))
      .map((store) => ({
        value: String(store.id),
        label: `${customerNames.get(String(store.organizationId))} · ${store.name}`,
      }))
      .sort((a, b) => a.label.localeCompare(b.label));
  }, [customers.customerOptions, customers.storesById]);

  // In the server's order: by brand, then name.
  const lineLists = useMemo(() => offer.data?.lineLists ?? [], [offer.data]);
  const options = useMemo(() => lineLists.map(lineListOption), [lineLists]);
  const chosen = lineLists.find((lineList) => lineList.id === lineListId);
  const none = offer.isSuccess && lineLists.length === 0;
  const pastDeadline = offer.data?.pastDeadline ?? 0;
  const noted = none || pastDeadline > 0 || offer.isError;

  function save() {
    if (!chosen) return;
    download.mutate(
      { lineList: chosen, storeId },
      {
        onSuccess: (fileName) => {
          toast.success(orderFormMessages.downloaded, { description: fileName });
          onDone();
        },
        onError: (error) => toast.error(orderFormMessages.downloadFailed, { description: error.message }),
      },
    );
  }

  return (
    <>
      <DialogHeader>
        <DialogTitle>Download order form</DialogTitle>
        <DialogDescription>
          Pick a line list that can still be ordered from. Its form lists the styles in its catalogs by size,
          with MSRP and WHS, for a customer to fill in with quantities; import it back from New Order.
        </DialogDescription>
      </DialogHeader>
      <Field>
        <FieldLabel htmlFor={`${id}-line-list`}>Line list</FieldLabel>
        <Combobox
          id={`${id}-line-list`}
          options={options}
          value={lineListId === undefined ? null : String(lineListId)}
          onValueChange={(value) => setLineListId(Number(value))}
          placeholder={offer.isPending ? "Loading line lists..." : "Select a line list"}
          searchPlaceholder="Search line lists"
          emptyText={orderFormMessages.noPublishedLineLists}
          disabled={offer.isPending || none}
          aria-describedby={noted ? `${id}-note` : undefined}
        />
        {!offer.isError && (none || pastDeadline > 0) && (
          <FieldDescription id={`${id}-note`}>
            {pastDeadline > 0
              ? orderFormMessages.pastDeadlineNotOffered(pastDeadline)
              : orderFormMessages.noPublishedLineLists}
          </FieldDescription>
        )}
        {offer.isError && (
          <FieldDescription id={`${id}-note`} className="text-destructive">
            {offer.error.message}{" "}
            <Button variant="link" size="sm" className="h-auto p-0" onClick={() => void offer.refetch()}>
              Retry
            </Button>
          </FieldDescription>
        )}
      </Field>
      <Field>
        <FieldLabel htmlFor={`${id}-store`}>For store (optional)</FieldLabel>
        <Combobox
          id={`${id}-store`}
          options={storeOptions}
          value={storeId === undefined ? null : String(storeId)}
          onValueChange={(value) => setStoreId(value ? Number(value) : undefined)}
          placeholder={customers.storesLoading ? "Loading stores..." : "Any customer"}
          searchPlaceholder="Search customers and stores"
          disabled={customers.storesLoading || customers.customersLoading}
          aria-describedby={`${id}-store-note`}
        />
        <FieldDescription id={`${id}-store-note`}>{orderFormMessages.forStoreNote}</FieldDescription>
        {storeId !== undefined && (
          <Button
            type="button"
            variant="link"
            size="sm"
            className="h-auto self-start p-0"
            onClick={() => setStoreId(undefined)}
          >
            {orderFormMessages.forAnyCustomer}
          </Button>
        )}
      </Field>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="button" disabled={!chosen || download.isPending} onClick={save}>
          <DownloadIcon aria-hidden="true" />
          {download.isPending ? "Downloading..." : "Download"}
        </Button>
      </DialogFooter>
    </>
  );
}

/** Download Forms: pick a line list that can still be ordered from and get its XLSX order form. */
export function DownloadFormsButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="button" variant="outline" onClick={() => setOpen(true)}>
        <FileDownIcon aria-hidden="true" />
        Download Forms
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>{open && <DownloadFormsDialog onDone={() => setOpen(false)} />}</DialogContent>
      </Dialog>
    </>
  );
}
