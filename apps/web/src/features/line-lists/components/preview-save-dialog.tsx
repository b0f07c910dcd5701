import { previewMessages } from "@cm/contracts/line-list-preview";
import { type PreviewReach, reviewMessages } from "@cm/contracts/line-list-review";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { PreviewReachList } from "@/features/line-lists/components/preview-reach";
import type { PreviewChoicesStore } from "@/features/line-lists/hooks/preview-choices-store";
import { useChoiceTotalsOf, usePendingChoicesOf } from "@/features/line-lists/hooks/use-preview-choices";
import { uiText } from "@/lib/ui-text";

interface PreviewSaveDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The review's choices: their totals say what the save applies. */
  store: PreviewChoicesStore;
  /** Other line lists the save changes; null while they are read. */
  reach: readonly PreviewReach[] | null;
  /** The choices and the other line lists are being read again. */
  refreshing: boolean;
  pending: boolean;
  onConfirm: () => void;
}

/**
 * "Do you want to save this line list?", with what Save will apply ("12 changes taken, 4 kept as
 * they were, 3 new styles left out") and every other line list it changes, published ones marked.
 */
export function PreviewSaveDialog({
  open,
  onOpenChange,
  store,
  reach,
  refreshing,
  pending,
  onConfirm,
}: PreviewSaveDialogProps) {
  const totals = useChoiceTotalsOf(store);
  const sending = usePendingChoicesOf(store) > 0;
  return (
    <AlertDialog open={open} onOpenChange={(next) => (pending ? undefined : onOpenChange(next))}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{previewMessages.saveQuestion}</AlertDialogTitle>
          <AlertDialogDescription>{previewMessages.saveDescription}</AlertDialogDescription>
        </AlertDialogHeader>
        <div className="flex flex-col gap-3 text-sm" aria-busy={refreshing || sending}>
          {totals ? <p className="font-medium">{reviewMessages.saveTotals(totals)}</p> : null}
          {reach ? (
            <PreviewReachList reach={reach} className="rounded-md border p-3" />
          ) : refreshing ? (
            <Skeleton className="h-12 w-full" aria-hidden="true" />
          ) : null}
        </div>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>Cancel</AlertDialogCancel>
          <AlertDialogAction
            disabled={pending}
            onClick={(event) => {
              event.preventDefault();
              onConfirm();
            }}
          >
            {pending ? uiText.saving : "Save"}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
