import { useCallback, useState } from "react";
import {
  cellErrorsFromRefusal,
  type OrderGridCell,
  type OrderGridErrors,
  type OrderGridQuantities,
  withoutError,
  withQuantity,
} from "@/features/orders/utils/order-grid";
import { isApiError } from "@/lib/api-client";

const noErrors: OrderGridErrors = {};

/**
 * The quantities typed on order grids and the server's refusals of them. `changeQuantity` is
 * stable, so memoised rows skip re-rendering; changing a cell clears its refusal.
 */
export function useOrderGrid(initial: OrderGridQuantities = {}) {
  const [quantities, setQuantities] = useState<OrderGridQuantities>(initial);
  const [errors, setErrors] = useState<OrderGridErrors>(noErrors);

  const changeQuantity = useCallback((cell: OrderGridCell, quantity: number) => {
    setQuantities((current) => withQuantity(current, cell, quantity));
    setErrors((current) => withoutError(current, cell));
  }, []);

  /**
   * Shows the refused lines of a failed save on the cells they came from (`cells[i]` is where
   * line `i` of the request came from) and focuses the first one rendered; answers how many
   * refusals found a cell.
   */
  const showRefusal = useCallback((error: unknown, cells: readonly OrderGridCell[]): number => {
    if (!isApiError(error)) return 0;
    const refusal = cellErrorsFromRefusal(error.data, cells);
    setErrors(refusal.errors);
    // Like a form's first invalid field: the first refused cell on screen takes the focus.
    requestAnimationFrame(() =>
      document.querySelector<HTMLInputElement>('input[data-grid-row][aria-invalid="true"]')?.focus(),
    );
    return refusal.placed;
  }, []);

  const clearErrors = useCallback(() => setErrors(noErrors), []);

  return { quantities, errors, changeQuantity, showRefusal, clearErrors };
}
