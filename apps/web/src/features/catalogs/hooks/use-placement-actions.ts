import { useCallback } from "react";
import { toast } from "@/lib/toast";
import { usePlaceItems } from "@/features/catalogs/api/place-items";
import type { PlanOutcome } from "@/features/catalogs/utils/placement-plan";

/**
 * Carries out a planned move, copy, removal or add, and says how it went: the spec's success
 * toast, or its failure toast with the server's message. Answers whether the write succeeded.
 */
export function usePlacementActions() {
  const { mutateAsync: place } = usePlaceItems();

  const run = useCallback(
    async (outcome: PlanOutcome): Promise<boolean> => {
      if (!outcome.ok) {
        toast.info(outcome.message);
        return false;
      }
      const { request, successMessage, failureMessage } = outcome.plan;
      try {
        await place(request);
        toast.success(successMessage);
        return true;
      } catch (error) {
        console.error(failureMessage, error);
        toast.error(failureMessage, { description: (error as Error).message });
        return false;
      }
    },
    [place],
  );

  return { run };
}
