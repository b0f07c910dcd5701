import { uploadLimits, uploadMessages } from "@cm/contracts/uploads";
import { LoaderCircleIcon } from "lucide-react";
import { useState } from "react";
import type * as React from "react";
import { ChosenFile, FileDropZone } from "@/components/file-drop-zone";
import { Badge } from "@/components/ui/badge";
import { isWorkbookFileName, type SheetPreview, workbookAccept } from "@/features/uploads/utils/upload-draft";
import { formatFileSize } from "@/lib/format";

export type SheetPreviewState =
  | { status: "idle" }
  | { status: "reading" }
  | { status: "read"; preview: SheetPreview }
  | { status: "unreadable"; message: string };

interface WorkbookFieldProps {
  file: File | null | undefined;
  season: string | null | undefined;
  year: number | null | undefined;
  previewState: SheetPreviewState;
  /** Any file dropped or picked; the draft ignores one that is not .xlsx, .xls or .csv. */
  onChoose: (file: File) => void;
  onRemove: () => void;
}

/** The first rows of the first sheet, 4 columns then Size and SKU, at most 200 px high (SPEC.md section 9). */
function SheetPreviewTable({ preview }: { preview: SheetPreview }) {
  if (preview.columns.length === 0 && preview.rows.length === 0) {
    return <p className="text-sm text-muted-foreground">The first sheet has no rows to show.</p>;
  }
  return (
    <div
      className="max-h-[200px] overflow-auto rounded-md border"
      // Scrollable regions must be reachable by keyboard.
      tabIndex={0}
      role="region"
      aria-label="First rows of the file"
    >
      <table className="w-full text-xs">
        <thead className="sticky top-0 bg-muted">
          <tr>
            {preview.columns.map((column, index) => (
              <th key={index} scope="col" className="px-2 py-1.5 text-left font-medium whitespace-nowrap">
                {column || <span className="sr-only">Column {index + 1}</span>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {preview.rows.map((row, rowIndex) => (
            <tr key={rowIndex} className="border-t">
              {row.map((cell, cellIndex) => (
                <td key={cellIndex} className="max-w-40 truncate px-2 py-1 whitespace-nowrap" title={cell}>
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The workbook to upload: a drop zone with a file input, then the file's name, size and first rows. */
export function WorkbookField({ file, season, year, previewState, onChoose, onRemove }: WorkbookFieldProps) {
  const [refused, setRefused] = useState<string | null>(null);

  function choose(chosen: File) {
    setRefused(isWorkbookFileName(chosen.name) ? null : uploadMessages.wrongFileType);
    onChoose(chosen);
  }

  if (file) {
    return (
      <div className="flex flex-col gap-3">
        <ChosenFile file={file} onRemove={onRemove}>
          {season && year ? (
            <Badge variant="outline" className="shrink-0">
              {season} {year}
            </Badge>
          ) : null}
        </ChosenFile>
        {previewState.status === "reading" ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
            <LoaderCircleIcon aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" />
            Reading the first rows…
          </p>
        ) : previewState.status === "unreadable" ? (
          <p className="text-sm text-muted-foreground">{previewState.message}</p>
        ) : previewState.status === "read" ? (
          // Without a season in the first sheet's name, "Map columns" asks for it.
          <SheetPreviewTable preview={previewState.preview} />
        ) : null}
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-2">
      <FileDropZone
        label={
          <>
            Choose a workbook or CSV file
            <span className="font-normal text-muted-foreground"> or drop it here</span>
          </>
        }
        hint={`.xlsx, .xls or .csv, up to ${formatFileSize(uploadLimits.defaultMaxFileBytes).replace(".00", "")}`}
        accept={workbookAccept}
        onFile={choose}
      />
      {refused ? (
        <p role="alert" className="text-sm text-destructive">
          {refused}
        </p>
      ) : null}
    </div>
  );
}
