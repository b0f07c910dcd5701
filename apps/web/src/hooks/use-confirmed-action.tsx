import type { UseMutationResult } from "@tanstack/react-query";
import type * as React from "react";
import { useState } from "react";
import { toast } from "@/lib/toast";
import { ConfirmDialog } from "@/components/confirm-dialog";

export interface ConfirmedActionTexts<T> {
  title: (target: T) => string;
  description: React.ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  /** The toasts: done, and failed (the server's reason as its description). */
  done: string;
  failed: string;
}

/**
 * An action that asks first (a destructive ConfirmDialog), then runs its mutation on the target
 * and says how it went in a toast. Returns the function that asks about a target and the dialog
 * to render. Deleting a brand or a passkey, resetting a brand's mapping: each is one call of this.
 */
export function useConfirmedAction<T, V>(
  mutation: UseMutationResult<unknown, Error, V>,
  variables: (target: T) => V,
  texts: ConfirmedActionTexts<T>,
) {
  // The target stays set while the dialog closes, so its title does not blank out mid-animation.
  const [target, setTarget] = useState<T | null>(null);
  const [open, setOpen] = useState(false);

  function confirm() {
    if (target === null) return;
    mutation.mutate(variables(target), {
      onSuccess: () => toast.success(texts.done),
      onError: (error) => {
        console.error(error);
        toast.error(texts.failed, { description: error.message });
      },
      onSettled: () => setOpen(false),
    });
  }

  const dialog = (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      title={target === null ? "" : texts.title(target)}
      description={texts.description}
      confirmLabel={texts.confirmLabel}
      pendingLabel={texts.pendingLabel}
      pending={mutation.isPending}
      destructive
      onConfirm={confirm}
    />
  );

  function request(next: T) {
    setTarget(next);
    setOpen(true);
  }

  return { request, dialog };
}
