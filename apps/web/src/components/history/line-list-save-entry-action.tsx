import type { HistoryEntry } from "@cm/contracts/history";
import { undoMessages } from "@cm/contracts/line-list-saves";
import { Undo2Icon } from "lucide-react";
import { useState } from "react";
import { entrySaveId } from "@/components/history/line-list-save-values";
import { UndoSaveDialog } from "@/components/history/undo-save-dialog";
import { Button } from "@/components/ui/button";
import { useCan } from "@/hooks/use-permissions";
import { formatExactTime, historySentence } from "@/lib/history";

/**
 * "Undo this save" under a line list's history entry that recorded a save (its upload's save, an
 * undo), for a person who may manage catalogs: the same dry run and confirmation as the line list's
 * Saves panel. Nothing for any other entry.
 */
export function LineListSaveEntryAction({ entry }: { entry: HistoryEntry }) {
  const allowed = useCan("catalogs.manage");
  const [open, setOpen] = useState(false);
  const saveId = entrySaveId(entry);
  if (saveId === null || !allowed) return null;
  return (
    <>
      <Button variant="outline" size="sm" className="w-fit" onClick={() => setOpen(true)}>
        <Undo2Icon aria-hidden="true" />
        {undoMessages.undoThisSave}
      </Button>
      <UndoSaveDialog
        lineListId={entry.entityId}
        saveId={saveId}
        description={`${historySentence(entry)} · ${formatExactTime(entry.at)}`}
        open={open}
        onOpenChange={setOpen}
      />
    </>
  );
}
