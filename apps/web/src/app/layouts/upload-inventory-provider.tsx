import { lazy, type ReactNode, Suspense, useMemo, useState } from "react";
import { type OpenUploadInventoryOptions, UploadInventoryContext } from "@/hooks/use-upload-inventory";

// The dialog and what it brings (SheetJS among them) load the first time it opens; the Open Stock
// step the first time it is chosen.
const UploadInventoryDialog = lazy(() => import("@/features/uploads/components/upload-inventory-dialog"));
const OpenStockStep = lazy(() =>
  import("@/features/open-stock/open-stock-step").then((module) => ({ default: module.OpenStockStep })),
);

interface DialogState {
  open: boolean;
  /** A new value each opening, so every opening starts from a fresh draft. */
  session: number;
  options: OpenUploadInventoryOptions;
}

/** Holds the Upload Inventory dialog of the signed-in shell and lets any screen open it. */
export function UploadInventoryProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<DialogState | null>(null);

  const controls = useMemo(
    () => ({
      openUploadInventory: (options: OpenUploadInventoryOptions = {}) =>
        setState((current) => ({ open: true, session: (current?.session ?? 0) + 1, options })),
    }),
    [],
  );

  return (
    <UploadInventoryContext value={controls}>
      {children}
      {state && (
        <Suspense fallback={null}>
          <UploadInventoryDialog
            key={state.session}
            open={state.open}
            initialBrandId={state.options.brandId}
            openStockStep={(props) => (
              <Suspense fallback={null}>
                <OpenStockStep {...props} />
              </Suspense>
            )}
            onOpenChange={(open) => setState((current) => (current ? { ...current, open } : current))}
          />
        </Suspense>
      )}
    </UploadInventoryContext>
  );
}
