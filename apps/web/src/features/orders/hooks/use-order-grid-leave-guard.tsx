import { orderMessages } from "@cm/contracts/orders";
import { useLeaveGuard } from "@/hooks/use-leave-guard";

/** Asks before leaving a page with quantities not saved yet (hooks/use-leave-guard.tsx). */
export function useOrderGridLeaveGuard(dirty: boolean) {
  return useLeaveGuard(dirty, {
    title: orderMessages.leaveConfirmTitle,
    description: orderMessages.leaveConfirmDescription,
  });
}
