import { FileSpreadsheetIcon, UploadIcon, XIcon } from "lucide-react";
import type * as React from "react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { formatFileSize } from "@/lib/format";
import { cn } from "@/lib/utils";

/**
 * A dashed area to choose a file with the keyboard (its label opens the file picker) or to drop
 * one on with the mouse. It hands over the first file; checking it is the caller's job.
 */
export function FileDropZone({
  label,
  hint,
  accept,
  onFile,
}: {
  /** The link-styled label: "Choose a workbook". */
  label: React.ReactNode;
  /** What files it takes: ".xlsx or .xls, up to 25 MB". */
  hint: React.ReactNode;
  /** The file input's `accept`. */
  accept: string;
  onFile: (file: File) => void;
}) {
  const inputId = useId();
  const hintId = useId();
  const [dragging, setDragging] = useState(false);

  return (
    <div
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(event) => {
        event.preventDefault();
        setDragging(false);
        const file = event.dataTransfer.files[0];
        if (file) onFile(file);
      }}
      className={cn(
        "relative flex flex-col items-center gap-1 rounded-md border border-dashed px-4 py-6 text-center transition-colors has-[input:focus-visible]:border-ring has-[input:focus-visible]:ring-[3px] has-[input:focus-visible]:ring-ring/50",
        dragging && "border-primary bg-primary/5",
      )}
    >
      <UploadIcon aria-hidden="true" className="size-5 text-muted-foreground" />
      <label
        htmlFor={inputId}
        className="cursor-pointer text-sm font-medium text-primary underline-offset-4 hover:underline"
      >
        {label}
      </label>
      <p id={hintId} className="text-xs text-muted-foreground">
        {hint}
      </p>
      <input
        id={inputId}
        type="file"
        accept={accept}
        aria-describedby={hintId}
        className="sr-only"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) onFile(file);
          // The same file may be picked again after being removed.
          event.target.value = "";
        }}
      />
    </div>
  );
}

/** The file chosen in a `FileDropZone`: its name and size, anything the caller adds, and Remove. */
export function ChosenFile({
  file,
  children,
  disabled,
  onRemove,
}: {
  file: File;
  /** Shown between the name and the Remove button (e.g. the season the file names). */
  children?: React.ReactNode;
  disabled?: boolean;
  onRemove: () => void;
}) {
  return (
    <div className="flex items-center gap-3 rounded-md border px-3 py-2">
      <FileSpreadsheetIcon aria-hidden="true" className="size-5 shrink-0 text-emerald-700" />
      <div className="flex min-w-0 flex-1 flex-col">
        <span className="truncate text-sm font-medium" title={file.name}>
          {file.name}
        </span>
        <span className="text-xs text-muted-foreground tabular-nums">{formatFileSize(file.size)}</span>
      </div>
      {children}
      <Button
        variant="ghost"
        size="icon-sm"
        disabled={disabled}
        onClick={onRemove}
        aria-label={`Remove ${file.name}`}
      >
        <XIcon aria-hidden="true" />
      </Button>
    </div>
  );
}
