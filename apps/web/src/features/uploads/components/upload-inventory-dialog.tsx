import { type LineListMapping, mappingMessages } from "@cm/contracts/line-list-mapping";
import type { InspectUploadData } from "@cm/contracts/line-list-mapping-api";
import { uploadMessages } from "@cm/contracts/uploads";
import { FileSpreadsheetIcon, PackageOpenIcon, UploadIcon } from "lucide-react";
import { type ReactNode, useEffect, useId, useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "@/lib/toast";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { paths } from "@/config/paths";
import { LineListStep } from "@/features/uploads/components/line-list-step";
import { MappingStep } from "@/features/uploads/components/mapping-step";
import { UploadFailureView } from "@/features/uploads/components/upload-failure-view";
import { UploadProgress } from "@/features/uploads/components/upload-progress";
import type { SheetPreviewState } from "@/features/uploads/components/workbook-field";
import { type StoredUpload, useUploadLineList } from "@/features/uploads/hooks/use-upload-line-list";
import { downloadErrorReport } from "@/features/uploads/utils/error-report";
import {
  preloadSheetPreview,
  readSheetPreview,
  sheetPreviewLimits,
} from "@/features/uploads/utils/sheet-preview";
import {
  chooseBrand,
  emptyUploadDraft,
  setSheetPreview,
  type UploadDraft,
  uploadDisabledReason,
} from "@/features/uploads/utils/upload-draft";
import {
  describeUploadFailure,
  rowErrorText,
  rowErrorsShown,
  type UploadFailure,
} from "@/features/uploads/utils/upload-failure";
import { useBrandOptions } from "@/lib/api/brands/get-brand-options";
import { formatFileSize } from "@/lib/format";
import { cn } from "@/lib/utils";

/** SPEC.md section 4, "Upload dialog", with "Map columns" (issue 32) between the upload and the preview. */
type Step = "inventory-source" | "line-list" | "open-stock" | "loading" | "mapping" | "failed";

export interface UploadInventoryDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Opened from a brand's page: the line list step with that brand chosen. */
  initialBrandId?: number;
  /**
   * The Open Stock step (features/open-stock), given by the app, which puts features together:
   * `onDone` after the quantities were applied, `onCancel` to go back.
   */
  openStockStep?: (props: { onDone: () => void; onCancel: () => void }) => ReactNode;
}

/** Reads the first rows of the draft's file whenever it changes. */
function useSheetPreview(
  file: File | null | undefined,
  onRead: (file: File, preview: NonNullable<UploadDraft["preview"]>) => void,
): SheetPreviewState {
  const [state, setState] = useState<{ file: File | null | undefined; value: SheetPreviewState }>({
    file: undefined,
    value: { status: "idle" },
  });
  // A new file starts reading at once (derived during render, not in an effect).
  if (state.file !== file) {
    setState({ file, value: file ? { status: "reading" } : { status: "idle" } });
  }

  useEffect(() => {
    if (!file) return;
    let current = true;
    const done = (value: SheetPreviewState) => {
      if (current) setState((previous) => (previous.file === file ? { file, value } : previous));
    };
    if (file.size > sheetPreviewLimits.maxFileBytes) {
      done({
        status: "unreadable",
        message: `No preview for files over ${formatFileSize(sheetPreviewLimits.maxFileBytes)}; the upload still checks every row.`,
      });
      return;
    }
    readSheetPreview(file).then(
      (preview) => {
        if (!current) return;
        onRead(file, preview);
        done({ status: "read", preview });
      },
      () =>
        done({
          status: "unreadable",
          message: "The first rows could not be read here; the upload will say what is wrong with the file.",
        }),
    );
    return () => {
      current = false;
    };
    // `onRead` only forwards to the draft; the reading depends on the file alone.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [file]);

  return state.value;
}

function failureToast(failure: UploadFailure, fileName: string | undefined) {
  const shown = failure.rowErrors.slice(0, rowErrorsShown);
  toast.error(uploadMessages.uploadFailed, {
    description: (
      <div className="flex flex-col gap-1">
        <span>{failure.message}</span>
        {shown.map((error, index) => (
          <span key={index}>{rowErrorText(error)}</span>
        ))}
      </div>
    ),
    duration: failure.rowErrors.length > 0 ? 15_000 : 8_000,
    action:
      failure.rowErrors.length > 0
        ? { label: "Download error report", onClick: () => downloadErrorReport(failure.rowErrors, fileName) }
        : undefined,
  });
}

/**
 * The Upload Inventory dialog: inventory source, then the line list's type, brand, dates and file,
 * then the upload's progress; on success the preview screen opens.
 */
export default function UploadInventoryDialog({
  open,
  onOpenChange,
  initialBrandId,
  openStockStep,
}: UploadInventoryDialogProps) {
  const navigate = useNavigate();
  const uploadHintId = useId();
  const brands = useBrandOptions();
  const upload = useUploadLineList();
  const [step, setStep] = useState<Step>(initialBrandId === undefined ? "inventory-source" : "line-list");
  const [draft, setDraft] = useState<UploadDraft>(emptyUploadDraft);
  const [failure, setFailure] = useState<{ failure: UploadFailure; fileName: string | undefined } | null>(
    null,
  );
  const [pendingBrandId, setPendingBrandId] = useState(initialBrandId);
  // The stored file and what inspecting it said, while its columns are mapped.
  const [mapping, setMapping] = useState<{ stored: StoredUpload; inspection: InspectUploadData } | null>(
    null,
  );

  // The brand of the page it was opened from, once the brands are known.
  if (pendingBrandId !== undefined && brands.data) {
    const brand = brands.data.find((candidate) => candidate.id === pendingBrandId);
    setPendingBrandId(undefined);
    if (brand) setDraft((current) => chooseBrand(current, brand));
  }

  // The preview's worker (and SheetJS in it) starts as soon as the dialog opens, so the first rows
  // show as soon as a file is picked, without freezing the dialog.
  useEffect(() => {
    if (open) preloadSheetPreview();
  }, [open]);

  const previewState = useSheetPreview(draft.file, (file, preview) =>
    setDraft((current) => setSheetPreview(current, file, preview)),
  );

  const loading = step === "loading";
  const disabledReason = uploadDisabledReason(draft);

  function close(next: boolean) {
    // The loading step cannot be closed or backed out of.
    if (!next && loading) return;
    onOpenChange(next);
  }

  function uploaded(lineListId: number) {
    toast.success(uploadMessages.uploaded, { description: uploadMessages.uploadedDescription });
    // Back to idle with an empty draft (SPEC.md section 4), then the preview.
    upload.reset();
    setDraft(emptyUploadDraft);
    setMapping(null);
    setStep("inventory-source");
    onOpenChange(false);
    void navigate(paths.home.lineListPreview.getHref(lineListId));
  }

  function failed(error: unknown, fileName: string | undefined) {
    console.error(uploadMessages.uploadFailed, error);
    const described = describeUploadFailure(error);
    failureToast(described, fileName);
    upload.reset();
    setDraft(emptyUploadDraft);
    setMapping(null);
    setFailure({ failure: described, fileName });
    setStep("failed");
  }

  async function startUpload() {
    if (disabledReason) return;
    const fileName = draft.file?.name;
    setStep("loading");
    try {
      const started = await upload.upload(draft);
      if (started.kind === "preview") {
        uploaded(started.lineListId);
        return;
      }
      // The brand has no mapping for these columns: "Map columns" first.
      setMapping({ stored: started.stored, inspection: started.inspection });
      setStep("mapping");
    } catch (error) {
      failed(error, fileName);
    }
  }

  async function confirmMapping(stored: StoredUpload, confirmed: LineListMapping) {
    setStep("loading");
    try {
      uploaded(await upload.finish(stored, confirmed));
    } catch (error) {
      failed(error, stored.ready.file.name);
    }
  }

  const titles: Record<Step, { title: string; description: string }> = {
    "inventory-source": { title: "Upload Inventory", description: "What are you uploading?" },
    "line-list": {
      title: "Upload Brand Line List",
      description: "Choose the line list's type and brand, then its workbook.",
    },
    "open-stock": {
      title: "Upload Open Stock",
      description: "Your own stock levels: a workbook or CSV of SKUs (or UPCs) and quantities.",
    },
    loading: { title: "Uploading line list", description: "This can take a minute for a large line list." },
    mapping: {
      title: mappingMessages.title,
      description: `Choose the column each field of ${draft.brandName ?? "the brand"}'s file is read from; the choices are remembered for its next files.`,
    },
    failed: { title: uploadMessages.uploadFailed, description: "Fix the workbook and upload it again." },
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent
        showCloseButton={!loading}
        onEscapeKeyDown={(event) => loading && event.preventDefault()}
        onInteractOutside={(event) => loading && event.preventDefault()}
        // One column that may shrink below its content's width, so wide previews scroll inside it.
        className={cn(
          "grid-cols-[minmax(0,1fr)]",
          step === "mapping"
            ? "sm:max-w-6xl"
            : step === "line-list" || step === "open-stock" || step === "failed"
              ? "sm:max-w-2xl"
              : "sm:max-w-lg",
        )}
        aria-busy={loading}
      >
        <DialogHeader>
          <DialogTitle>{titles[step].title}</DialogTitle>
          <DialogDescription>{titles[step].description}</DialogDescription>
        </DialogHeader>

        {step === "inventory-source" ? (
          <div className="grid gap-3 sm:grid-cols-2">
            <Button
              variant="outline"
              className="h-auto flex-col items-start gap-1 p-4 text-left whitespace-normal"
              onClick={() => setStep("line-list")}
            >
              <span className="flex items-center gap-2 font-semibold">
                <FileSpreadsheetIcon aria-hidden="true" />
                Brand Line List
              </span>
              <span className="text-sm font-normal text-muted-foreground">
                A brand's offer of styles for a season, to preview and save.
              </span>
            </Button>
            <Button
              variant="outline"
              className="h-auto flex-col items-start gap-1 p-4 text-left whitespace-normal"
              onClick={() => setStep("open-stock")}
            >
              <span className="flex items-center gap-2 font-semibold">
                <PackageOpenIcon aria-hidden="true" />
                Open Stock
              </span>
              <span className="text-sm font-normal text-muted-foreground">Your own stock levels.</span>
            </Button>
          </div>
        ) : step === "open-stock" ? (
          openStockStep?.({
            onDone: () => {
              setStep("inventory-source");
              onOpenChange(false);
            },
            onCancel: () => setStep("inventory-source"),
          })
        ) : step === "line-list" ? (
          <LineListStep draft={draft} onDraftChange={setDraft} previewState={previewState} />
        ) : step === "mapping" && mapping ? (
          <MappingStep
            // A fresh step for each stored file.
            key={mapping.stored.fileKey}
            brandName={mapping.stored.ready.brandName}
            inspection={mapping.inspection}
            onReinspect={(options) => upload.inspect(mapping.stored, options)}
            onBack={() => {
              upload.reset();
              setMapping(null);
              setStep("line-list");
            }}
            onConfirm={(confirmed) => void confirmMapping(mapping.stored, confirmed)}
          />
        ) : step === "loading" ? (
          <UploadProgress status={upload.status} />
        ) : failure ? (
          <UploadFailureView failure={failure.failure} fileName={failure.fileName} />
        ) : null}

        {step === "line-list" ? (
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <p id={uploadHintId} className="text-sm text-muted-foreground empty:hidden">
              {disabledReason}
            </p>
            <div className="flex flex-col-reverse gap-2 sm:ml-auto sm:flex-row">
              <Button variant="outline" onClick={() => setStep("inventory-source")}>
                Back
              </Button>
              <Button
                disabled={Boolean(disabledReason)}
                aria-describedby={uploadHintId}
                onClick={() => void startUpload()}
              >
                <UploadIcon aria-hidden="true" />
                Upload
              </Button>
            </div>
          </div>
        ) : step === "failed" ? (
          <DialogFooter>
            <Button variant="outline" onClick={() => close(false)}>
              Close
            </Button>
            <Button
              onClick={() => {
                setFailure(null);
                setStep("line-list");
              }}
            >
              Upload another file
            </Button>
          </DialogFooter>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
