import { useCallback, useEffect, useRef } from "react";
import type * as React from "react";
import { useBlocker } from "react-router";
import { ConfirmDialog } from "@/components/confirm-dialog";

export interface LeaveGuardTexts {
  title: string;
  /** What is lost by leaving. */
  description: React.ReactNode;
}

/**
 * Asks before leaving a page with changes not saved: inside the app with a dialog (a change of
 * the page's search alone, such as a list's page, is no leaving), when closing or reloading the
 * tab with the browser's own prompt. `allowLeave` lets the page's own navigation after a save
 * through. Render `dialog` in the page.
 */
export function useLeaveGuard(dirty: boolean, { title, description }: LeaveGuardTexts) {
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
      title={title}
      description={description}
      confirmLabel="Leave"
      pendingLabel="Leaving..."
      pending={false}
      destructive
      onConfirm={() => blocker.proceed?.()}
    />
  );

  return { dialog, allowLeave };
}
