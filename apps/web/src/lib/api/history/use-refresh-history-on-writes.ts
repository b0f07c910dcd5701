import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { historyKeys } from "@/lib/api/history/history-keys";

/**
 * Every write the server accepts adds to the history in the same transaction, so while a history
 * is on screen each successful mutation, whichever feature made it, makes it stale: the change
 * just saved shows at once. Writes' own hooks need not know about the history.
 */
export function useRefreshHistoryOnWrites(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        if (event.type === "updated" && event.action.type === "success") {
          void queryClient.invalidateQueries({ queryKey: historyKeys.lists() });
        }
      }),
    [queryClient],
  );
}
