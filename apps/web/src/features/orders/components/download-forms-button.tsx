import { lineListTypeLabels, type LineList } from "@cm/contracts/line-lists";
import { orderFormMessages } from "@cm/contracts/order-forms";
import { DownloadIcon, FileDownIcon } from "lucide-react";
import { useId, useMemo, useState } from "react";
import { toast } from "sonner";
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
import { useDownloadOrderForm } from "@/features/orders/api/order-form-download";
import { useLineLists } from "@/lib/api/line-lists/get-line-lists";
import { formatDateLong } from "@/lib/format";

function lineListOption(lineList: LineList): ComboboxOption {
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
  const lineLists = useLineLists({ status: "published" });
  const download = useDownloadOrderForm();
  const [lineListId, setLineListId] = useState<number>();

  const sorted = useMemo(
    () =>
      [...(lineLists.data ?? [])].sort(
        (a, b) => a.brandName.localeCompare(b.brandName) || a.name.localeCompare(b.name),
      ),
    [lineLists.data],
  );
  const options = useMemo(() => sorted.map(lineListOption), [sorted]);
  const chosen = sorted.find((lineList) => lineList.id === lineListId);
  const none = lineLists.isSuccess && sorted.length === 0;

  function save() {
    if (!chosen) return;
    download.mutate(chosen, {
      onSuccess: (fileName) => {
        toast.success(orderFormMessages.downloaded, { description: fileName });
        onDone();
      },
      onError: (error) => toast.error(orderFormMessages.downloadFailed, { description: error.message }),
    });
  }

  return (
    <>
      <DialogHeader>
        <DialogTitle>Download order form</DialogTitle>
        <DialogDescription>
          Pick a published line list. Its form lists the styles in its catalogs by size, with MSRP and WHS,
          for a customer to fill in with quantities; import it back from New Order.
        </DialogDescription>
      </DialogHeader>
      <Field>
        <FieldLabel htmlFor={`${id}-line-list`}>Line list</FieldLabel>
        <Combobox
          id={`${id}-line-list`}
          options={options}
          value={lineListId === undefined ? null : String(lineListId)}
          onValueChange={(value) => setLineListId(Number(value))}
          placeholder={lineLists.isPending ? "Loading line lists..." : "Select a line list"}
          searchPlaceholder="Search line lists"
          emptyText={orderFormMessages.noPublishedLineLists}
          disabled={lineLists.isPending || none}
          aria-describedby={none || lineLists.isError ? `${id}-note` : undefined}
        />
        {none && (
          <FieldDescription id={`${id}-note`}>{orderFormMessages.noPublishedLineLists}</FieldDescription>
        )}
        {lineLists.isError && (
          <FieldDescription id={`${id}-note`} className="text-destructive">
            {lineLists.error.message}{" "}
            <Button variant="link" size="sm" className="h-auto p-0" onClick={() => void lineLists.refetch()}>
              Retry
            </Button>
          </FieldDescription>
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

/** Download Forms: pick a published line list and get its XLSX order form. */
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
