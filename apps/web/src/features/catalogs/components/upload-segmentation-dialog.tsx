import {
  segmentationFileHeaders,
  segmentationLimits,
  segmentationMessages,
} from "@cm/contracts/catalog-segmentation";
import type { LineListRowError } from "@cm/contracts/line-list-format";
import { CircleAlertIcon, UploadIcon } from "lucide-react";
import { useState } from "react";
import { toast } from "@/lib/toast";
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
import {
  segmentationFileAccept,
  segmentationFileProblem,
  segmentationRowErrors,
  useUploadSegmentation,
} from "@/features/catalogs/api/upload-segmentation";
import { formatFileSize } from "@/lib/format";

type Failure = { message: string; errors: LineListRowError[]; errorCount: number };

function rowErrorText(error: LineListRowError): string {
  const where = [error.row ? `Row ${error.row}` : null, error.column].filter(Boolean).join(", ");
  const value = error.value ? ` (“${error.value}”)` : "";
  return where ? `${where}: ${error.message}${value}` : `${error.message}${value}`;
}

function UploadSegmentationBody({
  lineListId,
  onDone,
  onCancel,
}: {
  lineListId: number;
  onDone: () => void;
  onCancel: () => void;
}) {
  const upload = useUploadSegmentation();
  const [file, setFile] = useState<File | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);

  function choose(chosen: File) {
    setFailure(null);
    setFile(chosen);
  }
  const problem = file ? segmentationFileProblem(file) : undefined;

  async function send() {
    if (!file || problem) return;
    setFailure(null);
    try {
      const result = await upload.mutateAsync({ lineListId, file });
      toast.success(segmentationMessages.segmentationApplied(result.items.length));
      onDone();
    } catch (error) {
      console.error(segmentationMessages.segmentationRefused, error);
      const rows = segmentationRowErrors(error);
      setFailure({
        message: (error as Error).message || segmentationMessages.segmentationRefused,
        errors: rows?.errors ?? [],
        errorCount: rows?.errorCount ?? 0,
      });
    }
  }

  return (
    <>
      <div className="flex flex-col gap-2 text-sm">
        <p>
          A <strong>.csv</strong> or <strong>.xlsx</strong> file whose first row names two columns:{" "}
          <strong>{segmentationFileHeaders.modelCode}</strong> and{" "}
          <strong>{segmentationFileHeaders.catalogType}</strong> (athletic, boutique, crocs or unsorted), with
          one row per item and catalog. Each item the file names ends up in exactly the catalogs its rows
          list; items it does not name stay where they are.
        </p>
        <table className="w-fit rounded-md border text-xs">
          <caption className="sr-only">Example of a segmentation file</caption>
          <thead className="bg-muted">
            <tr>
              <th scope="col" className="px-2 py-1 text-left font-medium">
                {segmentationFileHeaders.modelCode}
              </th>
              <th scope="col" className="px-2 py-1 text-left font-medium">
                {segmentationFileHeaders.catalogType}
              </th>
            </tr>
          </thead>
          <tbody className="tabular-nums">
            <tr className="border-t">
              <td className="px-2 py-1">10001-001</td>
              <td className="px-2 py-1">athletic</td>
            </tr>
            <tr className="border-t">
              <td className="px-2 py-1">10001-001</td>
              <td className="px-2 py-1">crocs</td>
            </tr>
            <tr className="border-t">
              <td className="px-2 py-1">10008-002</td>
              <td className="px-2 py-1">boutique</td>
            </tr>
          </tbody>
        </table>
        <p className="text-muted-foreground">A file with any bad row changes nothing.</p>
      </div>

      {file ? (
        <ChosenFile
          file={file}
          disabled={upload.isPending}
          onRemove={() => {
            setFile(null);
            setFailure(null);
          }}
        />
      ) : (
        <FileDropZone
          label={
            <>
              Choose a segmentation file
              <span className="font-normal text-muted-foreground"> or drop it here</span>
            </>
          }
          hint={`.csv or .xlsx, up to ${formatFileSize(segmentationLimits.maxSegmentationFileBytes).replace(".00", "")}`}
          accept={segmentationFileAccept}
          onFile={choose}
        />
      )}

      {problem ? (
        <p role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      ) : null}

      {failure ? (
        <div className="flex flex-col gap-2">
          <Alert variant="destructive">
            <CircleAlertIcon aria-hidden="true" />
            <AlertTitle>{segmentationMessages.segmentationRefused}</AlertTitle>
            <AlertDescription>
              {failure.message === segmentationMessages.segmentationRefused
                ? "Correct the rows below and upload the file again."
                : failure.message}
            </AlertDescription>
          </Alert>
          {failure.errors.length > 0 ? (
            <>
              <ul
                aria-label="Errors in the segmentation file"
                className="max-h-[200px] overflow-auto rounded-md border text-sm"
                tabIndex={0}
              >
                {failure.errors.map((error, index) => (
                  <li key={index} className="border-b px-3 py-1.5 last:border-b-0">
                    {rowErrorText(error)}
                  </li>
                ))}
              </ul>
              {failure.errorCount > failure.errors.length ? (
                <p className="text-sm text-muted-foreground">
                  The first {failure.errors.length.toLocaleString("en-US")} of{" "}
                  {failure.errorCount.toLocaleString("en-US")} errors.
                </p>
              ) : null}
            </>
          ) : null}
        </div>
      ) : null}

      <DialogFooter>
        <Button variant="outline" onClick={onCancel} disabled={upload.isPending}>
          Cancel
        </Button>
        <Button onClick={() => void send()} disabled={!file || Boolean(problem) || upload.isPending}>
          <UploadIcon aria-hidden="true" />
          {upload.isPending ? "Uploading..." : "Upload"}
        </Button>
      </DialogFooter>
    </>
  );
}

export interface UploadSegmentationDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  lineListId: number;
  /** The file was applied. */
  onUploaded: () => void;
  busy: boolean;
}

/** "Upload segmentation": places many items at once from a file of model codes and catalog types. */
export function UploadSegmentationDialog({
  open,
  onOpenChange,
  lineListId,
  onUploaded,
  busy,
}: UploadSegmentationDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => (busy ? undefined : onOpenChange(next))}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Upload segmentation</DialogTitle>
          <DialogDescription>Place many items in the catalogs at once from a file.</DialogDescription>
        </DialogHeader>
        {open ? (
          <UploadSegmentationBody
            lineListId={lineListId}
            onCancel={() => onOpenChange(false)}
            onDone={() => {
              onOpenChange(false);
              onUploaded();
            }}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
