import { mappingMessages } from "@cm/contracts/line-list-mapping";
import { useState } from "react";
import { toast } from "sonner";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { useResetBrandMapping } from "@/features/brands/api/reset-brand-mapping";
import { brandMappingText } from "@/lib/api/brands/brand-mapping-text";

/**
 * Resetting a brand's column mapping: asks first, then resets and says how it went. Returns the
 * function that asks about a brand and the dialog to render.
 */
export function useResetBrandMappingAction() {
  // The brand stays set while the dialog closes, so its title does not blank out mid-animation.
  const [brand, setBrand] = useState<{ id: number; name: string } | null>(null);
  const [open, setOpen] = useState(false);
  const reset = useResetBrandMapping();

  function confirm() {
    if (!brand) return;
    reset.mutate(
      { brandId: brand.id },
      {
        onSuccess: () => toast.success(mappingMessages.reset),
        onError: (error) => {
          console.error(error);
          toast.error(brandMappingText.resetFailed, { description: error.message });
        },
        onSettled: () => setOpen(false),
      },
    );
  }

  const dialog = (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      title={brand ? brandMappingText.resetConfirmTitle(brand.name) : ""}
      description={brandMappingText.resetConfirmDescription}
      confirmLabel={brandMappingText.resetLabel}
      pendingLabel={brandMappingText.resetting}
      pending={reset.isPending}
      destructive
      onConfirm={confirm}
    />
  );

  function requestReset(target: { id: number; name: string }) {
    setBrand(target);
    setOpen(true);
  }

  return { requestReset, dialog };
}
