import { type LineList, lineListTypeLabels } from "@cm/contracts/line-lists";
import { ImagesIcon, PlusIcon, UploadIcon } from "lucide-react";
import { HistorySheetButton } from "@/components/history/history-sheet";
import { LineListDates } from "@/components/line-lists/line-list-dates";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Toggle } from "@/components/ui/toggle";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { formatDateShort } from "@/lib/format";
import { AudienceEditorButton } from "@/features/catalogs/components/audience-editor";
import { LineListStatusBadge } from "@/features/catalogs/components/line-list-status-badge";

export interface SegmentationHeaderProps {
  lineList: LineList;
  compact: boolean;
  onCompactChange: (compact: boolean) => void;
  onUpload: () => void;
  onAddItems: () => void;
  /** Items are added to the tab's catalog: not on Unsorted. */
  addDisabled: boolean;
  busy: boolean;
}

/** The line list being sorted (name, brand, type, dates as MM/DD/YY) and the screen's tools. */
export function SegmentationHeader({
  lineList,
  compact,
  onCompactChange,
  onUpload,
  onAddItems,
  addDisabled,
  busy,
}: SegmentationHeaderProps) {
  const addButton = (
    <Button onClick={onAddItems} disabled={addDisabled || busy}>
      <PlusIcon aria-hidden="true" />
      Add items
    </Button>
  );

  return (
    <div className="flex flex-wrap items-start justify-between gap-4">
      <div className="flex min-w-0 flex-col gap-1.5">
        <div className="flex flex-wrap items-center gap-1.5">
          <Badge variant="secondary">{lineListTypeLabels[lineList.type]}</Badge>
          <LineListStatusBadge lineList={lineList} />
        </div>
        <h1 id="page-title" className="text-2xl font-semibold tracking-tight break-words">
          {lineList.name}
        </h1>
        <p className="text-sm text-muted-foreground">
          {[
            lineList.brandName,
            lineListTypeLabels[lineList.type],
            [lineList.season, lineList.year].filter(Boolean).join(" "),
          ]
            .filter(Boolean)
            .join(" · ")}
        </p>
        <LineListDates lineList={lineList} format={formatDateShort} />
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <HistorySheetButton entityType="line-list" entityId={lineList.id} description={lineList.name} />
        <AudienceEditorButton lineListId={lineList.id} lineListName={lineList.name} />
        <Button variant="outline" onClick={onUpload} disabled={busy}>
          <UploadIcon aria-hidden="true" />
          Upload segmentation
        </Button>
        <Toggle variant="outline" pressed={compact} onPressedChange={onCompactChange}>
          <ImagesIcon aria-hidden="true" />
          Images Only
        </Toggle>
        {addDisabled ? (
          <Tooltip>
            <TooltipTrigger asChild>
              <span
                tabIndex={0}
                className="inline-flex rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
              >
                {addButton}
              </span>
            </TooltipTrigger>
            <TooltipContent>Open a catalog tab to add items to it</TooltipContent>
          </Tooltip>
        ) : (
          addButton
        )}
      </div>
    </div>
  );
}
