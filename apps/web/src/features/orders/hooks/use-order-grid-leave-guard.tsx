import { orderMessages } from "@cm/contracts/orders";
import { useCallback, useEffect, useRef } from "react";
import { useBlocker } from "react-router";
import { ConfirmDialog } from "@/components/confirm-dialog";

/**
 * Asks before leaving a page with quantities not saved yet: inside the app with a dialog, when
 * closing or reloading the tab with the browser's own prompt. `allowLeave` lets the page's own
 * navigation after a save through.
 */
export function useOrderGridLeaveGuard(dirty: boolean) {
  const leaving = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !leaving.current && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  const allowLeave = useCallback(() => {
    leaving.current = true;
  }, []);

  const dialog = (
    <ConfirmDialog
      open={blocker.state === "blocked"}
      onOpenChange={(open) => {
        if (!open) blocker.reset?.();
      }}
      title={orderMessages.leaveConfirmTitle}
      description={orderMessages.leaveConfirmDescription}
      confirmLabel="Leave"
      pendingLabel="Leaving..."
      pending={false}
      destructive
      onConfirm={() => blocker.proceed?.()}
    />
  );

  return { dialog, allowLeave };
}
