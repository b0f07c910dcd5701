import { historyMessages } from "@cm/contracts/history";
import { HistoryIcon } from "lucide-react";
import { HistoryFeed, type HistoryTarget } from "@/components/history/history-panel";
import { Button } from "@/components/ui/button";
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
  SheetTrigger,
} from "@/components/ui/sheet";
import { useCan } from "@/hooks/use-permissions";

/**
 * A "History" button that opens the entity's history in a side sheet, for screens whose bottom is
 * taken (the segmentation board and its sticky bar). Nothing for a user without `history.view`.
 */
export function HistorySheetButton({
  entityType,
  entityId,
  description,
}: HistoryTarget & {
  /** What the history is of, under the sheet's title: the entity's name. */
  description: string;
}) {
  const allowed = useCan("history.view");
  if (!allowed) return null;
  return (
    <Sheet>
      <SheetTrigger asChild>
        <Button variant="outline">
          <HistoryIcon aria-hidden="true" />
          {historyMessages.title}
        </Button>
      </SheetTrigger>
      <SheetContent className="w-full overflow-y-auto sm:max-w-md">
        <SheetHeader className="pr-10">
          <SheetTitle>{historyMessages.title}</SheetTitle>
          <SheetDescription>{description}</SheetDescription>
        </SheetHeader>
        <div className="px-4 pb-4">
          {/* Mounted only while the sheet is open: the history is read when it is asked for. */}
          <HistoryFeed entityType={entityType} entityId={entityId} label={historyMessages.title} />
        </div>
      </SheetContent>
    </Sheet>
  );
}
