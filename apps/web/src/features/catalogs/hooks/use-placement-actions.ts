import { useCallback } from "react";
import { toast } from "sonner";
import { useAddItems } from "@/features/catalogs/api/add-items";
import { useAddItemsTo } from "@/features/catalogs/api/add-items-to";
import { useCopyItemsTo } from "@/features/catalogs/api/copy-items-to";
import { useMoveItems } from "@/features/catalogs/api/move-items";
import { useRemoveItems } from "@/features/catalogs/api/remove-items";
import type { PlanOutcome } from "@/features/catalogs/utils/placement-plan";

/**
 * Carries out a planned move, copy, removal or add, and says how it went: the spec's success
 * toast, or its failure toast with the server's message. Answers whether the write succeeded.
 */
export function usePlacementActions() {
  const { mutateAsync: add } = useAddItems();
  const { mutateAsync: addTo } = useAddItemsTo();
  const { mutateAsync: copyTo } = useCopyItemsTo();
  const { mutateAsync: move } = useMoveItems();
  const { mutateAsync: remove } = useRemoveItems();

  const run = useCallback(
    async (outcome: PlanOutcome): Promise<boolean> => {
      if (!outcome.ok) {
        toast.info(outcome.message);
        return false;
      }
      const { request, successMessage, failureMessage } = outcome.plan;
      try {
        switch (request.operation) {
          case "add-items":
            await add(request.input);
            break;
          case "add-items-to":
            await addTo(request.input);
            break;
          case "copy-items-to":
            await copyTo(request.input);
            break;
          case "move-items":
            await move(request.input);
            break;
          case "remove-items":
            await remove(request.input);
            break;
        }
        toast.success(successMessage);
        return true;
      } catch (error) {
        console.error(failureMessage, error);
        toast.error(failureMessage, { description: (error as Error).message });
        return false;
      }
    },
    [add, addTo, copyTo, move, remove],
  );

  return { run };
}
